/** Demo content: a Chilean real-estate company (docs/architecture.md §3). Names and addresses are fictitious. */
export const DEMO_PASSWORD = 'demo1234';

export const demoCompany = {
  name: 'Inmobiliaria Cordillera SpA',
  rut: '76.543.210-3',
  country: 'CL',
  activeUserLimit: 60,
};
export const otherCompany = {
  name: 'Constructora Austral Ltda.',
  rut: '77.123.456-K',
  country: 'CL',
  activeUserLimit: 10,
};

export const demoGroups = ['Región Metropolitana', 'Valparaíso', 'Biobío'] as const;

type ProjectSeed = {
  name: string;
  code: string;
  group: number;
  address: string;
  commune: string;
  city: string;
  region: string;
  towers: number;
  floors: number;
  perFloor: number;
  isClosed?: boolean;
  isBlocked?: boolean;
  reception: string;
};

export const demoProjects: ProjectSeed[] = [
  {
    name: 'Edificio Parque Los Dominicos',
    code: 'PLD',
    group: 0,
    address: 'Av. Padre Hurtado Sur 1450',
    commune: 'Las Condes',
    city: 'Santiago',
    region: 'Metropolitana',
    towers: 2,
    floors: 12,
    perFloor: 6,
    reception: '2025-03-14',
  },
  {
    name: 'Condominio Alto Macul',
    code: 'AMC',
    group: 0,
    address: 'Av. Macul 3820',
    commune: 'Macul',
    city: 'Santiago',
    region: 'Metropolitana',
    towers: 2,
    floors: 8,
    perFloor: 4,
    reception: '2025-09-02',
  },
  {
    name: 'Mirador de Reñaca',
    code: 'MDR',
    group: 1,
    address: 'Av. Borgoño 14650',
    commune: 'Viña del Mar',
    city: 'Viña del Mar',
    region: 'Valparaíso',
    towers: 1,
    floors: 15,
    perFloor: 4,
    reception: '2024-11-20',
  },
  {
    name: 'Puerto Alegre',
    code: 'PAL',
    group: 1,
    address: 'Calle Almirante Montt 455',
    commune: 'Valparaíso',
    city: 'Valparaíso',
    region: 'Valparaíso',
    towers: 1,
    floors: 6,
    perFloor: 4,
    isClosed: true,
    reception: '2021-06-30',
  },
  {
    name: 'Jardines del Biobío',
    code: 'JBB',
    group: 2,
    address: 'Av. Pedro de Valdivia 1780',
    commune: 'Concepción',
    city: 'Concepción',
    region: 'Biobío',
    towers: 2,
    floors: 10,
    perFloor: 5,
    reception: '2025-12-01',
  },
  {
    name: 'Lomas de San Pedro',
    code: 'LSP',
    group: 2,
    address: 'Av. Michimalonco 1200',
    commune: 'San Pedro de la Paz',
    city: 'San Pedro de la Paz',
    region: 'Biobío',
    towers: 1,
    floors: 5,
    perFloor: 4,
    isBlocked: true,
    reception: '2026-04-15',
  },
];

export const demoUnitTypes = [
  { name: 'Departamento 1D1B', category: 'departamento', surface: '42.50' },
  { name: 'Departamento 2D2B', category: 'departamento', surface: '61.80' },
  { name: 'Departamento 3D2B', category: 'departamento', surface: '78.30' },
  { name: 'Penthouse 4D3B', category: 'departamento', surface: '132.00' },
];

type RoleSeed = {
  username: string;
  firstName: string;
  lastName: string;
  profile: string;
  position: string;
  permissions: string[];
  allProjects?: boolean;
};

const modules = [
  'modulo_hormigon',
  'modulo_biblioteca',
  'cmanagement-access',
  'modulo_calidad',
  'verifications-access',
  'modulo_entregas',
  'modulo_postventa',
];

export const demoRoles: RoleSeed[] = [
  {
    username: 'admin',
    firstName: 'Carolina',
    lastName: 'Fuentes Ortiz',
    profile: 'Administrador',
    position: 'Gerente de operaciones',
    permissions: [
      ...modules,
      'modulo_billing',
      'insights_uso',
      'todos_los_proyectos',
      'config_usuarios',
      'config_usuarios_limites',
      'config_permisos',
      'config_cargos',
      'config_cursos',
      'config_trabajadores',
      'config_auditoria',
      'config_integraciones',
      'config_proyectos',
      'config_propietarios',
      'config_recepciones',
      'ver_notificaciones',
      'postventa_crear',
      'postventa_gestionar',
      'postventa_cerrar',
      'postventa_supervisar',
      'postventa_mensaje_propietario',
      'entregas_gestionar',
      'entregas_revision',
      'calidad_editar',
      'hormigon_editar',
      'verificaciones_gestionar',
      'verificaciones_inspeccionar',
      'biblioteca_administrar',
      'cmanagement_gestionar',
      'cmanagement_configurar',
    ],
  },
  {
    username: 'supervisor',
    firstName: 'Rodrigo',
    lastName: 'Sepúlveda Lagos',
    profile: 'Supervisor de postventa',
    position: 'Jefe de postventa',
    permissions: [
      'modulo_entregas',
      'modulo_postventa',
      'modulo_biblioteca',
      'cmanagement-access',
      'cmanagement_gestionar',
      'todos_los_proyectos',
      'ver_notificaciones',
      'config_propietarios',
      'postventa_crear',
      'postventa_gestionar',
      'postventa_cerrar',
      'postventa_supervisar',
      'postventa_mensaje_propietario',
      'entregas_gestionar',
    ],
  },
  {
    username: 'agente',
    firstName: 'Valentina',
    lastName: 'Muñoz Reyes',
    profile: 'Agente de postventa',
    position: 'Agente de postventa',
    permissions: [
      'modulo_postventa',
      'modulo_entregas',
      'ver_notificaciones',
      'postventa_crear',
      'postventa_gestionar',
    ],
  },
  {
    username: 'inspector',
    firstName: 'Matías',
    lastName: 'González Pérez',
    profile: 'Inspector',
    position: 'Inspector técnico de obra',
    permissions: [
      'modulo_calidad',
      'verifications-access',
      'modulo_hormigon',
      'modulo_entregas',
      'ver_notificaciones',
      'entregas_revision',
      'calidad_editar',
      'hormigon_editar',
      'verificaciones_inspeccionar',
    ],
  },
  {
    username: 'revisor',
    firstName: 'Francisca',
    lastName: 'Rojas Vidal',
    profile: 'Revisor',
    position: 'Revisor de calidad',
    permissions: ['modulo_calidad', 'verifications-access', 'modulo_biblioteca', 'ver_notificaciones'],
  },
  {
    username: 'ejecutivo',
    firstName: 'Ignacio',
    lastName: 'Contreras Silva',
    profile: 'Ejecutivo',
    position: 'Ejecutivo comercial',
    permissions: ['modulo_entregas', 'modulo_biblioteca', 'ver_notificaciones', 'entregas_gestionar'],
  },
  {
    // The provider's support staff (docs/product.md §3: a profile or group described 'ryr' counts as RyR): every
    // company's health, plans and payments, and the data export (/tiinsights).
    username: 'soporte',
    firstName: 'Tomás',
    lastName: 'Herrera Paz',
    profile: 'RyR',
    position: 'Soporte del proveedor',
    permissions: ['ryr', 'dbdump', 'todos_los_proyectos', 'ver_notificaciones'],
  },
  {
    username: 'gerente',
    firstName: 'Patricia',
    lastName: 'Álvarez Soto',
    profile: 'Gerente de proyecto',
    position: 'Gerente de proyecto',
    permissions: [
      'modulo_calidad',
      'modulo_entregas',
      'modulo_postventa',
      'modulo_biblioteca',
      'cmanagement-access',
      'cmanagement_gestionar',
      'modulo_billing',
      'todos_los_proyectos',
      'ver_notificaciones',
      'postventa_supervisar',
    ],
  },
];

/** Which demo projects (by index) a role without 'todos_los_proyectos' is assigned to. */
export const roleProjects: Record<string, number[]> = {
  agente: [0, 1, 2],
  inspector: [0, 1, 4],
  revisor: [0, 4],
  ejecutivo: [0, 1, 2, 4],
};

export const ownerNames = [
  ['Javiera', 'Castillo Morales'],
  ['Benjamín', 'Torres Araya'],
  ['Catalina', 'Espinoza Jara'],
  ['Tomás', 'Navarro Figueroa'],
  ['Antonia', 'Herrera Campos'],
  ['Vicente', 'Carrasco Núñez'],
  ['Isidora', 'Valenzuela Tapia'],
  ['Agustín', 'Cortés Bravo'],
  ['Florencia', 'Pizarro Olivares'],
  ['Martín', 'Gutiérrez Cáceres'],
  ['Josefa', 'Salazar Molina'],
  ['Lucas', 'Vega Riquelme'],
];
