/**
 * Fragments files for the BIM viewer's tests and bench, made in Node the way the server makes them: That Open's
 * IfcImporter (@thatopen/fragments) on web-ifc, whose wasm is read from node_modules/web-ifc. Also writes IFC
 * files of many walls when a test needs a bigger model than tests/fixtures/minimal-wall.ifc.
 *
 * As a script: `npx tsx tests/e2e/support/ifc-fragments.ts <in.ifc> <out.frag>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as FRAGS from '@thatopen/fragments';

/** node_modules/web-ifc/, where web-ifc-node.wasm lives (its package.json is not exported, so no require.resolve). */
const WEB_IFC_DIR = path.resolve(fileURLToPath(new URL('../../../node_modules/web-ifc/', import.meta.url)));

/** The fragments bytes of an IFC file (what the viewer loads). */
export async function ifcToFragments(ifc: Uint8Array): Promise<Uint8Array> {
  const importer = new FRAGS.IfcImporter();
  importer.wasm = { path: `${WEB_IFC_DIR}/`, absolute: true };
  return importer.process({ bytes: ifc, raw: false });
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A 22-character IFC GlobalId, deterministic for a number (first character 0–3 as the standard wants). */
export function globalIdOf(n: number, prefix = 0): string {
  let out = '';
  let v = n;
  for (let i = 0; i < 21; i++) {
    out = GUID_CHARS[v % 64] + out;
    v = Math.floor(v / 64);
  }
  return GUID_CHARS[prefix % 4] + out;
}

/**
 * An IFC4 file with `count` walls on one storey, in rows of 50, each with its own placement and extrusion
 * (lengths vary, so fragments cannot share one geometry between them all) and GlobalId `globalIdOf(i + 1, 1)`.
 */
export function wallsIfc(count: number): string {
  const lines: string[] = [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');",
    "FILE_NAME('walls.ifc','2026-01-01T00:00:00',('bench'),('bench'),'generated','generated','');",
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    `#1=IFCPROJECT('${globalIdOf(1, 2)}',$,'Bench',$,$,$,$,(#11),#5);`,
    '#5=IFCUNITASSIGNMENT((#6));',
    '#6=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
    '#9=IFCCARTESIANPOINT((0.,0.,0.));',
    '#10=IFCAXIS2PLACEMENT3D(#9,$,$);',
    "#11=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#10,$);",
    "#12=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#11,$,.MODEL_VIEW.,$);",
    `#20=IFCSITE('${globalIdOf(2, 2)}',$,'Site',$,$,#21,$,$,.ELEMENT.,$,$,$,$,$);`,
    '#21=IFCLOCALPLACEMENT($,#10);',
    `#30=IFCBUILDING('${globalIdOf(3, 2)}',$,'Building',$,$,#31,$,$,.ELEMENT.,$,$,$);`,
    '#31=IFCLOCALPLACEMENT(#21,#10);',
    `#40=IFCBUILDINGSTOREY('${globalIdOf(4, 2)}',$,'P1',$,$,#41,$,$,.ELEMENT.,0.);`,
    '#41=IFCLOCALPLACEMENT(#31,#10);',
    `#50=IFCRELAGGREGATES('${globalIdOf(5, 2)}',$,$,$,#1,(#20));`,
    `#51=IFCRELAGGREGATES('${globalIdOf(6, 2)}',$,$,$,#20,(#30));`,
    `#52=IFCRELAGGREGATES('${globalIdOf(7, 2)}',$,$,$,#30,(#40));`,
    '#65=IFCDIRECTION((0.,0.,1.));',
  ];
  const walls: string[] = [];
  let id = 100;
  for (let i = 0; i < count; i++) {
    const x = (i % 50) * 6;
    const y = Math.floor(i / 50) * 2;
    const length = 4 + (i % 17) * 0.05;
    const [pt, axis, place, p2, a2, prof, solid, shape, pds, wall] = Array.from({ length: 10 }, () => id++);
    lines.push(
      `#${pt}=IFCCARTESIANPOINT((${x}.,${y}.,0.));`,
      `#${axis}=IFCAXIS2PLACEMENT3D(#${pt},$,$);`,
      `#${place}=IFCLOCALPLACEMENT(#41,#${axis});`,
      `#${p2}=IFCCARTESIANPOINT((${(length / 2).toFixed(3)},0.1));`,
      `#${a2}=IFCAXIS2PLACEMENT2D(#${p2},$);`,
      `#${prof}=IFCRECTANGLEPROFILEDEF(.AREA.,$,#${a2},${length.toFixed(3)},0.2);`,
      `#${solid}=IFCEXTRUDEDAREASOLID(#${prof},#10,#65,3.);`,
      `#${shape}=IFCSHAPEREPRESENTATION(#12,'Body','SweptSolid',(#${solid}));`,
      `#${pds}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${shape}));`,
      `#${wall}=IFCWALL('${globalIdOf(i + 1, 1)}',$,'Muro ${i + 1}',$,$,#${place},#${pds},$,.STANDARD.);`,
    );
    walls.push(`#${wall}`);
  }
  lines.push(
    `#${id}=IFCRELCONTAINEDINSPATIALSTRUCTURE('${globalIdOf(8, 2)}',$,$,$,(${walls.join(',')}),#40);`,
    'ENDSEC;',
    'END-ISO-10303-21;',
  );
  return lines.join('\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('uso: npx tsx tests/e2e/support/ifc-fragments.ts <entrada.ifc> <salida.frag>');
    process.exit(2);
  }
  const frag = await ifcToFragments(new Uint8Array(fs.readFileSync(input)));
  fs.writeFileSync(output, frag);
  console.log(`${output}: ${frag.byteLength} bytes`);
}
