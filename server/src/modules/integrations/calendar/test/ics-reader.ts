/**
 * A minimal RFC 5545 reader for the tests, reading a feed the way a calendar client does: unfold the lines (a CRLF
 * followed by a space or tab continues the line), split name, parameters and value, nest BEGIN/END components and
 * unescape text values. Nothing of the generator is reused, so a malformed feed fails here as it would in Google.
 */
export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsComponent = { type: string; props: IcsProperty[]; children: IcsComponent[] };

export const unfold = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

function parseLine(line: string): IcsProperty {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length && colon < 0; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) colon = i;
  }
  if (colon < 0) throw new Error(`not a content line: ${line}`);
  const [name, ...params] = line.slice(0, colon).split(';');
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(
      params.map((p) => [p.slice(0, p.indexOf('=')).toUpperCase(), p.slice(p.indexOf('=') + 1)]),
    ),
    value: line.slice(colon + 1),
  };
}

/** The VCALENDAR of an iCalendar text, every line CRLF-terminated and at most 75 octets. */
export function parseIcs(text: string): IcsComponent {
  for (const raw of text.split('\r\n')) {
    if (Buffer.byteLength(raw) > 75) throw new Error(`line longer than 75 octets: ${raw}`);
  }
  const stack: IcsComponent[] = [{ type: 'ROOT', props: [], children: [] }];
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (prop.name === 'BEGIN') {
      const child = { type: prop.value, props: [], children: [] };
      stack[stack.length - 1].children.push(child);
      stack.push(child);
    } else if (prop.name === 'END') {
      if (stack.pop()?.type !== prop.value) throw new Error(`unbalanced END:${prop.value}`);
    } else stack[stack.length - 1].props.push(prop);
  }
  if (stack.length !== 1) throw new Error('unterminated component');
  const [calendar] = stack[0].children;
  if (calendar?.type !== 'VCALENDAR') throw new Error('no VCALENDAR');
  return calendar;
}

export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));

export const propOf = (c: IcsComponent, name: string) => c.props.find((p) => p.name === name);
export const textOf = (c: IcsComponent, name: string) => {
  const prop = propOf(c, name);
  return prop && unescapeText(prop.value);
};
export const eventsOf = (calendar: IcsComponent) => calendar.children.filter((c) => c.type === 'VEVENT');
export const eventByUid = (calendar: IcsComponent, uid: string) =>
  eventsOf(calendar).find((e) => textOf(e, 'UID') === uid);
