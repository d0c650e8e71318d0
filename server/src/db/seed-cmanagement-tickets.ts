import { and, eq } from 'drizzle-orm';
import {
  CM_ENTITY,
  type CmFieldValue,
  type CmFieldValues,
  type CmIssueState,
  type CmPriority,
  type CmTaskState,
  type CmTicketState,
} from '#domain/cmanagement';
import type { Tx } from './client.ts';
import {
  activityLog,
  cmComments,
  cmCounters,
  cmIssues,
  cmTaskLinks,
  cmTasks,
  cmTicketPeople,
  cmTickets,
  users,
  type cmCategories,
  type cmCustomFields,
} from './schema/index.ts';

/** The demo's people of Cmanagement (seed-data.ts: the profiles with cmanagement-access that see every project). */
type Person = 'admin' | 'supervisor' | 'gerente';

type TaskSeed = {
  name: string;
  /** Days from today (negative: in the past). */
  start: number;
  days: number;
  state?: CmTaskState;
  progress?: number;
  assignee?: Person;
  subtasks?: Omit<TaskSeed, 'subtasks'>[];
};

type TicketSeed = {
  title: string;
  description: string;
  category: number;
  project: number;
  priority: CmPriority;
  state: CmTicketState;
  blockedReason?: string;
  /** Days from today the ticket was opened. */
  opened: number;
  start?: number;
  due?: number;
  /** Answers by field name (select options by their seed id, user fields by person, dates as days from today). */
  values: Record<string, CmFieldValue | { person: Person } | { day: number }>;
  assignees: Person[];
  watchers: Person[];
  issues?: { title: string; state: CmIssueState; assignee?: Person; due?: number }[];
  tasks?: TaskSeed[];
  /** Finish-to-start links between the ticket's tasks, by name. */
  links?: [string, string][];
  comments?: { author: Person; body: string; mentions?: Person[] }[];
};

/** The verbs of each machine (machines/cm-*.ts) that bring a new record to a state, in order. */
const TICKET_PATH: Record<CmTicketState, [string, CmTicketState][]> = {
  abierto: [],
  en_curso: [['cmTicket.start', 'en_curso']],
  bloqueado: [
    ['cmTicket.start', 'en_curso'],
    ['cmTicket.block', 'bloqueado'],
  ],
  resuelto: [
    ['cmTicket.start', 'en_curso'],
    ['cmTicket.resolve', 'resuelto'],
  ],
  cerrado: [
    ['cmTicket.start', 'en_curso'],
    ['cmTicket.resolve', 'resuelto'],
    ['cmTicket.close', 'cerrado'],
  ],
};
const ISSUE_PATH: Record<CmIssueState, [string, CmIssueState][]> = {
  abierta: [],
  en_curso: [['cmIssue.start', 'en_curso']],
  resuelta: [
    ['cmIssue.start', 'en_curso'],
    ['cmIssue.resolve', 'resuelta'],
  ],
  cerrada: [
    ['cmIssue.start', 'en_curso'],
    ['cmIssue.resolve', 'resuelta'],
    ['cmIssue.close', 'cerrada'],
  ],
};
const TASK_PATH: Record<CmTaskState, [string, CmTaskState][]> = {
  pendiente: [],
  en_curso: [['cmTask.start', 'en_curso']],
  completada: [
    ['cmTask.start', 'en_curso'],
    ['cmTask.complete', 'completada'],
  ],
};

/** Where a comment's body names its first mention (written as CM_MENTION_PATTERN of domain/cmanagement.ts reads it). */
const MENTION = '@{mention}';

/** Categories by their index in seed-cmanagement.ts: 0 Incidencia de obra, 1 Coordinación, 2 Solicitud de material. */
const TICKETS: TicketSeed[] = [
  {
    title: 'Filtración en losa del piso 3',
    description: 'Se observa humedad en el cielo del departamento 304 bajo la terraza del 404.',
    category: 0,
    project: 0,
    priority: 'alta',
    state: 'en_curso',
    opened: -6,
    start: -5,
    due: 8,
    values: {
      Especialidad: 'esp3',
      Gravedad: 'grav2',
      Ubicación: 'Depto. 304, eje C-4',
      'Requiere detener faena': false,
      'Responsable de la partida': { person: 'supervisor' },
    },
    assignees: ['supervisor'],
    watchers: ['admin'],
    issues: [
      { title: 'Mancha de humedad en cielo del living', state: 'en_curso', assignee: 'supervisor', due: 3 },
      { title: 'Sello de junta de dilatación deteriorado', state: 'abierta', assignee: 'supervisor', due: 6 },
    ],
    tasks: [
      {
        name: 'Inspección en terreno',
        start: -5,
        days: 2,
        state: 'completada',
        progress: 100,
        assignee: 'supervisor',
        subtasks: [{ name: 'Registro fotográfico', start: -5, days: 1, state: 'completada', progress: 100 }],
      },
      {
        name: 'Reparación',
        start: -3,
        days: 9,
        state: 'en_curso',
        progress: 40,
        assignee: 'supervisor',
        subtasks: [
          { name: 'Retiro de material dañado', start: -3, days: 2, state: 'completada', progress: 100 },
          { name: 'Impermeabilización de terraza', start: -1, days: 5, state: 'en_curso', progress: 30 },
          { name: 'Reposición de cielo', start: 4, days: 2 },
        ],
      },
      { name: 'Recepción de la reparación', start: 7, days: 1, assignee: 'admin' },
    ],
    links: [
      ['Inspección en terreno', 'Reparación'],
      ['Impermeabilización de terraza', 'Reposición de cielo'],
      ['Reparación', 'Recepción de la reparación'],
    ],
    comments: [
      {
        author: 'admin',
        body: `${MENTION} por favor confirme si la terraza del 404 está habitada.`,
        mentions: ['supervisor'],
      },
      { author: 'supervisor', body: 'Confirmado: el propietario autoriza el ingreso el jueves en la mañana.' },
    ],
  },
  {
    title: 'Coordinación de pasadas de clima en shafts',
    description: 'Revisar interferencias entre ductos de clima y tuberías sanitarias en los shafts de la torre A.',
    category: 1,
    project: 0,
    priority: 'media',
    state: 'abierto',
    opened: -2,
    start: 2,
    due: 12,
    values: { 'Especialidades involucradas': ['coord3', 'coord4'], 'Fecha de reunión': { day: 3 } },
    assignees: ['gerente'],
    watchers: ['supervisor'],
    tasks: [
      { name: 'Levantamiento de interferencias', start: 2, days: 3, assignee: 'supervisor' },
      { name: 'Reunión de coordinación', start: 5, days: 1, assignee: 'gerente' },
      { name: 'Emisión de planos corregidos', start: 6, days: 5 },
    ],
    links: [
      ['Levantamiento de interferencias', 'Reunión de coordinación'],
      ['Reunión de coordinación', 'Emisión de planos corregidos'],
    ],
  },
  {
    title: 'Hormigón H30 para losa del piso 5',
    description: 'Despacho para el hormigonado de la losa del piso 5, torre B.',
    category: 2,
    project: 1,
    priority: 'urgente',
    state: 'bloqueado',
    blockedReason: 'El proveedor no tiene cupo de despacho hasta el lunes.',
    opened: -4,
    start: -3,
    due: 4,
    values: { Material: 'Hormigón H30', Cantidad: 42, Unidad: 'uni1', 'Fecha requerida en obra': { day: 4 } },
    assignees: ['admin'],
    watchers: ['gerente'],
    tasks: [
      { name: 'Cotización con proveedores', start: -3, days: 2, state: 'completada', progress: 100, assignee: 'admin' },
      { name: 'Programación del despacho', start: -1, days: 4, state: 'en_curso', progress: 20, assignee: 'admin' },
    ],
    links: [['Cotización con proveedores', 'Programación del despacho']],
    comments: [{ author: 'gerente', body: 'Si el lunes no hay cupo, evaluemos el segundo proveedor.' }],
  },
  {
    title: 'Fisura en muro medianero del piso 2',
    description: 'Fisura diagonal en muro entre departamentos 201 y 202.',
    category: 0,
    project: 1,
    priority: 'media',
    state: 'resuelto',
    opened: -14,
    start: -13,
    due: -2,
    values: { Especialidad: 'esp1', Gravedad: 'grav1', Ubicación: 'Muro eje 3 entre deptos. 201 y 202' },
    assignees: ['supervisor'],
    watchers: ['gerente'],
    issues: [
      { title: 'Fisura diagonal de 1,2 m', state: 'resuelta', assignee: 'supervisor', due: -4 },
      { title: 'Pintura desprendida junto a la fisura', state: 'cerrada', assignee: 'supervisor', due: -5 },
    ],
    tasks: [
      {
        name: 'Sellado y reparación de fisura',
        start: -12,
        days: 6,
        state: 'completada',
        progress: 100,
        assignee: 'supervisor',
        subtasks: [
          { name: 'Picado y limpieza', start: -12, days: 2, state: 'completada', progress: 100 },
          { name: 'Relleno con mortero', start: -10, days: 2, state: 'completada', progress: 100 },
        ],
      },
      { name: 'Pintura final', start: -6, days: 3, state: 'completada', progress: 100 },
    ],
    links: [
      ['Picado y limpieza', 'Relleno con mortero'],
      ['Sellado y reparación de fisura', 'Pintura final'],
    ],
  },
  {
    title: 'Cerámica para baños de la torre A',
    description: 'Reposición de cerámica de muro para los baños de los pisos 6 a 8.',
    category: 2,
    project: 0,
    priority: 'baja',
    state: 'cerrado',
    opened: -20,
    start: -19,
    due: -8,
    values: { Material: 'Cerámica de muro 30×60 blanca', Cantidad: 180, Unidad: 'uni2' },
    assignees: ['admin'],
    watchers: [],
    issues: [{ title: 'Cajas con piezas quebradas en el despacho', state: 'cerrada', assignee: 'admin', due: -10 }],
    tasks: [{ name: 'Recepción del material en bodega', start: -11, days: 2, state: 'completada', progress: 100 }],
  },
  {
    title: 'Puerta de acceso del depto. 102 descuadrada',
    description: 'La puerta roza el piso al cerrar.',
    category: 0,
    project: 2,
    priority: 'baja',
    state: 'abierto',
    opened: -1,
    due: 10,
    values: { Especialidad: 'esp2', Gravedad: 'grav1', 'Requiere detener faena': false },
    assignees: ['supervisor'],
    watchers: ['admin'],
    tasks: [
      { name: 'Inspección en terreno', start: 1, days: 2, assignee: 'supervisor' },
      { name: 'Ajuste de bisagras y marco', start: 3, days: 2 },
    ],
    links: [['Inspección en terreno', 'Ajuste de bisagras y marco']],
  },
  {
    title: 'Reunión semanal de avance de terminaciones',
    description: 'Seguimiento de las partidas de terminaciones con los subcontratos.',
    category: 1,
    project: 2,
    priority: 'media',
    state: 'en_curso',
    opened: -7,
    start: -7,
    due: 14,
    values: {
      'Especialidades involucradas': ['coord1', 'coord5'],
      'Fecha de reunión': { day: -1 },
      Acuerdos: 'Subcontrato eléctrico entrega tableros el viernes. Arquitectura revisa detalles de guardapolvos.',
    },
    assignees: ['gerente', 'supervisor'],
    watchers: ['admin'],
    issues: [
      { title: 'Guardapolvos con color distinto al especificado', state: 'abierta', assignee: 'gerente', due: 5 },
    ],
    tasks: [
      {
        name: 'Seguimiento de terminaciones',
        start: -7,
        days: 21,
        state: 'en_curso',
        progress: 35,
        assignee: 'gerente',
        subtasks: [
          { name: 'Semana 1', start: -7, days: 5, state: 'completada', progress: 100 },
          { name: 'Semana 2', start: 0, days: 5, state: 'en_curso', progress: 10 },
          { name: 'Semana 3', start: 7, days: 5 },
        ],
      },
    ],
    links: [
      ['Semana 1', 'Semana 2'],
      ['Semana 2', 'Semana 3'],
    ],
    comments: [{ author: 'gerente', body: 'Acta de la reunión del lunes adjunta en el sistema documental.' }],
  },
  {
    title: 'Fierro de 12 mm para muros del piso 6',
    description: 'Enfierradura de muros del piso 6, torre B.',
    category: 2,
    project: 1,
    priority: 'alta',
    state: 'abierto',
    opened: 0,
    due: 9,
    values: {
      Material: 'Barras de acero A630 Ø12 mm',
      Cantidad: 3200,
      Unidad: 'uni3',
      'Fecha requerida en obra': { day: 9 },
    },
    assignees: ['admin'],
    watchers: ['supervisor'],
    tasks: [{ name: 'Cotización con proveedores', start: 1, days: 3, assignee: 'admin' }],
  },
];

const DAY = 86_400_000;

type Category = typeof cmCategories.$inferSelect;
type Field = typeof cmCustomFields.$inferSelect;

/**
 * The demo company's Cmanagement tickets (CM-1…CM-8) across every state, with answers to their category's fields,
 * people, comments (one mentioning), issues, tasks with subtasks and finish-to-start links dated around `now`, the
 * state history the command runner writes (server/src/commands/runner.ts) and the company's CM-n counter, so new
 * tickets continue the numbering. One insert per table.
 */
export async function seedCmanagementTickets(
  tx: Tx,
  input: { companyId: number; projectIds: number[]; now: Date; categories: Category[]; fields: Field[] },
) {
  const { companyId, projectIds, now, categories, fields } = input;
  const dayAt = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const timeAt = (offset: number, hour = 0) => new Date(now.getTime() + offset * DAY - (12 - hour) * 3_600_000);
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')));
  const person = (name: Person) => staff.find((u) => u.username === name)!;
  const mention = (name: Person) => `@[${person(name).firstName} ${person(name).lastName}](${person(name).id})`;

  const answers = (seed: TicketSeed): CmFieldValues => {
    const own = fields.filter((f) => f.categoryId === categories[seed.category].id);
    return Object.fromEntries(
      Object.entries(seed.values).map(([name, value]) => {
        const field = own.find((f) => f.name === name)!;
        const answer =
          typeof value === 'object' && 'person' in value
            ? person(value.person).id
            : typeof value === 'object' && 'day' in value
              ? dayAt(value.day)
              : value;
        return [String(field.id), answer];
      }),
    );
  };

  const tickets = await tx
    .insert(cmTickets)
    .values(
      TICKETS.map((t, i) => ({
        companyId,
        projectId: projectIds[t.project],
        categoryId: categories[t.category].id,
        number: i + 1,
        title: t.title,
        description: t.description,
        state: t.state,
        priority: t.priority,
        startDate: t.start === undefined ? null : dayAt(t.start),
        dueDate: t.due === undefined ? null : dayAt(t.due),
        blockedReason: t.blockedReason ?? null,
        customValues: answers(t),
        createdBy: person('admin').id,
        createdAt: timeAt(t.opened, 9),
        updatedAt: timeAt(Math.min(t.opened + 1, 0), 15),
      })),
    )
    .returning();
  await tx.insert(cmCounters).values({ companyId, lastNumber: tickets.length });
  await tx
    .insert(cmTicketPeople)
    .values(
      TICKETS.flatMap((t, i) => [
        ...t.assignees.map((p) => ({ ticketId: tickets[i].id, userId: person(p).id, role: 'assignee' as const })),
        ...t.watchers.map((p) => ({ ticketId: tickets[i].id, userId: person(p).id, role: 'watcher' as const })),
      ]),
    );
  await tx.insert(cmComments).values(
    TICKETS.flatMap((t, i) =>
      (t.comments ?? []).map((c, k) => ({
        companyId,
        ticketId: tickets[i].id,
        authorId: person(c.author).id,
        body: c.mentions?.length ? c.body.replace(MENTION, mention(c.mentions[0])) : c.body,
        mentions: (c.mentions ?? []).map((p) => person(p).id),
        createdAt: timeAt(t.opened, 10 + k),
      })),
    ),
  );
  const issues = await tx
    .insert(cmIssues)
    .values(
      TICKETS.flatMap((t, i) =>
        (t.issues ?? []).map((issue, k) => ({
          companyId,
          ticketId: tickets[i].id,
          number: k + 1,
          title: issue.title,
          state: issue.state,
          assigneeId: issue.assignee ? person(issue.assignee).id : null,
          dueDate: issue.due === undefined ? null : dayAt(issue.due),
          createdBy: person('admin').id,
          createdAt: timeAt(t.opened, 11),
        })),
      ),
    )
    .returning();

  const taskRow = (t: TicketSeed, ticketIndex: number, task: TaskSeed, position: number) => ({
    companyId,
    ticketId: tickets[ticketIndex].id,
    name: task.name,
    startDate: dayAt(task.start),
    endDate: dayAt(task.start + task.days - 1),
    state: task.state ?? 'pendiente',
    progress: task.progress ?? 0,
    assigneeId: task.assignee ? person(task.assignee).id : null,
    position,
    createdAt: timeAt(t.opened, 9),
  });
  const parentSeeds = TICKETS.flatMap((t, i) => (t.tasks ?? []).map((task) => ({ t, i, task })));
  const parents = await tx
    .insert(cmTasks)
    .values(parentSeeds.map(({ t, i, task }, k) => taskRow(t, i, task, k)))
    .returning();
  const childSeeds = parentSeeds.flatMap(({ t, i, task }, k) =>
    (task.subtasks ?? []).map((sub) => ({ t, i, task: sub, parentId: parents[k].id })),
  );
  const children = await tx
    .insert(cmTasks)
    .values(childSeeds.map(({ t, i, task, parentId }, k) => ({ ...taskRow(t, i, task, parents.length + k), parentId })))
    .returning();
  const tasks = [...parents, ...children];
  const taskOf = (ticketId: number, name: string) => tasks.find((r) => r.ticketId === ticketId && r.name === name)!;
  await tx.insert(cmTaskLinks).values(
    TICKETS.flatMap((t, i) =>
      (t.links ?? []).map(([from, to]) => ({
        companyId,
        sourceId: taskOf(tickets[i].id, from).id,
        targetId: taskOf(tickets[i].id, to).id,
        type: 'fs' as const,
      })),
    ),
  );

  const history = <S extends string>(
    entityType: string,
    entityId: number,
    projectId: number,
    path: [string, S][],
    from: S,
    at: number,
  ) =>
    path.map(([action, toState], k) => ({
      companyId,
      projectId,
      entityType,
      entityId,
      action,
      fromState: k === 0 ? from : path[k - 1][1],
      toState,
      userId: person('admin').id,
      data: {},
      createdAt: timeAt(Math.min(at + k + 1, 0), 12),
    }));
  const projectOf = (ticketId: number) => tickets.find((r) => r.id === ticketId)!.projectId;
  const openedOf = (ticketId: number) => TICKETS[tickets.findIndex((r) => r.id === ticketId)].opened;
  await tx
    .insert(activityLog)
    .values([
      ...tickets.flatMap((r, i) =>
        history(CM_ENTITY.ticket, r.id, r.projectId, TICKET_PATH[r.state], 'abierto', TICKETS[i].opened).map((h) =>
          h.toState === 'bloqueado' ? { ...h, data: { reason: r.blockedReason } } : h,
        ),
      ),
      ...issues.flatMap((r) =>
        history(CM_ENTITY.issue, r.id, projectOf(r.ticketId), ISSUE_PATH[r.state], 'abierta', openedOf(r.ticketId)),
      ),
      ...tasks.flatMap((r) =>
        history(CM_ENTITY.task, r.id, projectOf(r.ticketId), TASK_PATH[r.state], 'pendiente', openedOf(r.ticketId)),
      ),
    ]);
}
