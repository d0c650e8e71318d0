import { createHash } from 'node:crypto';

/**
 * Generates IFC4 buildings of any size for tests, benches and the demo seed: the pattern of a hand-written one-wall
 * model (a project, site, building, storeys, and extruded rectangular walls with property sets) repeated with new
 * GlobalIds. Deterministic: the same options give the same bytes, so the demo seed can name a file and the first
 * start write it (server/src/db/seed-quality-models.ts).
 */
export type IfcBuildingOptions = {
  /** Walls in all; spread over the storeys in turn. */
  walls: number;
  storeys: number;
  /** Varies the GlobalIds: two models of one seed share them. */
  seed?: string;
  projectName?: string;
};

/** Pset_WallCommon.FireRating of wall i, and Pset_Obra.Zona of its zone: what link rules are tried on. */
export const FIRE_RATINGS = ['F30', 'F60', 'F90'] as const;
export const ZONES = ['Zona A', 'Zona B', 'Zona C', 'Zona D'] as const;
export const storeyName = (n: number) => `Piso ${n}`;

const IFC64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A 22-character IFC GlobalId (128 bits in IFC's base-64) derived from `key`. */
export function globalIdOf(key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 22; i++) {
    out = IFC64[Number(n & 63n)] + out;
    n >>= 6n;
  }
  return out;
}

const str = (s: string) => `'${s.replace(/'/g, "''")}'`;
const real = (x: number) => (Number.isInteger(x) ? `${x}.` : String(x));

/** Walls per storey are laid on a grid; their lengths cycle so the geometry is not all one instance. */
const LENGTHS = [3, 4, 5, 6];
const STOREY_HEIGHT = 3;

/** The IFC text of a building: `walls` walls over `storeys` storeys named 'Piso 1'…'Piso N'. */
export function generateIfcBuilding(opts: IfcBuildingOptions): string {
  const seed = opts.seed ?? 'edificio';
  const gid = (k: string) => globalIdOf(`${seed}:${k}`);
  const lines: string[] = [];
  let next = 100;
  const add = (entity: string) => {
    const id = next++;
    lines.push(`#${id}=${entity};`);
    return id;
  };
  const storeys = Math.max(1, Math.floor(opts.storeys));
  const walls = Math.max(0, Math.floor(opts.walls));

  const head = [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');",
    `FILE_NAME(${str(`${seed}.ifc`)},'2026-01-01T00:00:00',('generador'),('postventa-qa'),'ifc-generator','ifc-generator','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    `#1=IFCPROJECT(${str(gid('project'))},$,${str(opts.projectName ?? 'Edificio')},$,$,$,$,(#11),#5);`,
    '#5=IFCUNITASSIGNMENT((#6,#7,#8));',
    '#6=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
    '#7=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);',
    '#8=IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.);',
    '#9=IFCCARTESIANPOINT((0.,0.,0.));',
    '#10=IFCAXIS2PLACEMENT3D(#9,$,$);',
    "#11=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#10,$);",
    "#12=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#11,$,.MODEL_VIEW.,$);",
    '#13=IFCDIRECTION((0.,0.,1.));',
    `#20=IFCSITE(${str(gid('site'))},$,'Terreno',$,$,#21,$,$,.ELEMENT.,$,$,$,$,$);`,
    '#21=IFCLOCALPLACEMENT($,#10);',
    `#30=IFCBUILDING(${str(gid('building'))},$,'Edificio',$,$,#31,$,$,.ELEMENT.,$,$,$);`,
    '#31=IFCLOCALPLACEMENT(#21,#10);',
    `#50=IFCRELAGGREGATES(${str(gid('agg-project'))},$,$,$,#1,(#20));`,
    `#51=IFCRELAGGREGATES(${str(gid('agg-site'))},$,$,$,#20,(#30));`,
  ];

  // One body per wall length, shared by the walls of that length (as authoring tools share types' geometry).
  const bodies = LENGTHS.map((length) => {
    const point = add(`IFCCARTESIANPOINT((${real(length / 2)},0.1))`);
    const placement = add(`IFCAXIS2PLACEMENT2D(#${point},$)`);
    const profile = add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,#${placement},${real(length)},0.2)`);
    const solid = add(`IFCEXTRUDEDAREASOLID(#${profile},#10,#13,${real(STOREY_HEIGHT)})`);
    return add(`IFCSHAPEREPRESENTATION(#12,'Body','SweptSolid',(#${solid}))`);
  });

  // Shared property sets: one per fire rating, one per zone.
  const fireSets = FIRE_RATINGS.map((rating) => {
    const value = add(`IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL(${str(rating)}),$)`);
    const external = add(`IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.F.),$)`);
    return add(`IFCPROPERTYSET(${str(gid(`pset-fire-${rating}`))},$,'Pset_WallCommon',$,(#${value},#${external}))`);
  });
  const zoneSets = ZONES.map((zone) => {
    const value = add(`IFCPROPERTYSINGLEVALUE('Zona',$,IFCLABEL(${str(zone)}),$)`);
    return add(`IFCPROPERTYSET(${str(gid(`pset-zone-${zone}`))},$,'Pset_Obra',$,(#${value}))`);
  });
  const byFire: number[][] = FIRE_RATINGS.map(() => []);
  const byZone: number[][] = ZONES.map(() => []);

  const storeyIds: number[] = [];
  const perStorey = Math.ceil(walls / storeys);
  let made = 0;
  for (let s = 0; s < storeys; s++) {
    const origin = add(`IFCCARTESIANPOINT((0.,0.,${real(s * STOREY_HEIGHT)}))`);
    const axes = add(`IFCAXIS2PLACEMENT3D(#${origin},$,$)`);
    const storeyPlacement = add(`IFCLOCALPLACEMENT(#31,#${axes})`);
    const storey = add(
      `IFCBUILDINGSTOREY(${str(gid(`storey-${s}`))},$,${str(storeyName(s + 1))},$,$,#${storeyPlacement},$,$,.ELEMENT.,${real(s * STOREY_HEIGHT)})`,
    );
    storeyIds.push(storey);
    const contained: number[] = [];
    const count = Math.min(perStorey, walls - made);
    const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
    for (let w = 0; w < count; w++, made++) {
      const length = LENGTHS[made % LENGTHS.length];
      const point = add(`IFCCARTESIANPOINT((${real((w % columns) * 7)},${real(Math.floor(w / columns) * 2)},0.))`);
      const axes3 = add(`IFCAXIS2PLACEMENT3D(#${point},$,$)`);
      const placement = add(`IFCLOCALPLACEMENT(#${storeyPlacement},#${axes3})`);
      const shape = add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${bodies[made % LENGTHS.length]}))`);
      const name = `Muro ${s + 1}-${String(w + 1).padStart(4, '0')}`;
      const wall = add(
        `IFCWALL(${str(gid(`wall-${made}`))},$,${str(name)},${str(`Muro de ${length} m`)},$,#${placement},#${shape},$,.STANDARD.)`,
      );
      contained.push(wall);
      byFire[made % FIRE_RATINGS.length].push(wall);
      byZone[Math.floor(w / Math.max(1, Math.ceil(count / ZONES.length)))].push(wall);
    }
    if (contained.length)
      add(
        `IFCRELCONTAINEDINSPATIALSTRUCTURE(${str(gid(`contained-${s}`))},$,$,$,(${contained.map((c) => `#${c}`).join(',')}),#${storey})`,
      );
  }
  add(`IFCRELAGGREGATES(${str(gid('agg-building'))},$,$,$,#30,(${storeyIds.map((c) => `#${c}`).join(',')}))`);
  const relate = (key: string, elements: number[], set: number) => {
    if (elements.length)
      add(`IFCRELDEFINESBYPROPERTIES(${str(gid(key))},$,$,$,(${elements.map((c) => `#${c}`).join(',')}),#${set})`);
  };
  FIRE_RATINGS.forEach((rating, i) => relate(`rel-fire-${rating}`, byFire[i], fireSets[i]));
  ZONES.forEach((zone, i) => relate(`rel-zone-${zone}`, byZone[i], zoneSets[i]));

  return [...head, ...lines, 'ENDSEC;', 'END-ISO-10303-21;', ''].join('\n');
}

/** The demo project's model (server/src/db/seed-quality-models.ts): a few hundred walls over five storeys. */
export const DEMO_BUILDING = {
  fileName: 'edificio-demo.ifc',
  options: { walls: 300, storeys: 5, seed: 'edificio-demo', projectName: 'Edificio demo' },
} as const satisfies { fileName: string; options: IfcBuildingOptions };
