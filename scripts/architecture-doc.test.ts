import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { grpcPort, PROFILES, SERVICES } from '../deploy/local/src/launcher/profile';
import * as topicConstants from '../packages/events/src/topics';
import { TOPICS } from '../packages/events/src/topics';
import { codeWords, mermaidBlocks, mermaidEdges, mermaidLabels, sectionOf, tableRows } from './markdown';

// docs/architecture.md's lists of services and topics, and its two diagrams, against the code they describe: the
// launcher's SERVICES, each process's config.ts (database, peers), TOPICS of packages/events and the processes
// that use each topic, and the payload comments in proto/travel/events/v1.
const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const doc = read('docs/architecture.md');
const [callsDiagram = '', eventsDiagram = ''] = mermaidBlocks(doc);

type Process = (typeof SERVICES)[number] | 'gateway';
const processes: Process[] = [...SERVICES, 'gateway'];
const srcOf = (process: Process) => (process === 'gateway' ? 'gateway/src' : `services/${process}/src`);

const sourcesByFolder = new Map<string, string[]>();
/** The non-test TypeScript sources under a folder of the repository (read once). */
function sources(folder: string): string[] {
  const found =
    sourcesByFolder.get(folder) ??
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => read(join(folder, file)));
  sourcesByFolder.set(folder, found);
  return found;
}

/** The services whose address a process's config.ts asks for (`PRICING_ADDRESS` → pricing). */
function peersOf(process: Process): string[] {
  const config = read(`${srcOf(process)}/config.ts`);
  const named = [...config.matchAll(/\b([A-Z]+)_ADDRESS\b/g)].map((m) => (m[1] ?? '').toLowerCase());
  return SERVICES.filter((service) => named.includes(service));
}

/** `BOOKING_EVENTS_TOPIC` → 'booking.events', for every exported constant of packages/events that is a topic. */
const topicByConstant = new Map<string, string>(
  Object.entries(topicConstants as Record<string, unknown>).flatMap(([name, value]) =>
    name.endsWith('_TOPIC') && typeof value === 'string' && (TOPICS as readonly string[]).includes(value)
      ? [[name, value] as const]
      : [],
  ),
);

/** The topics whose constant a process's sources name at all (to publish or to consume). */
function topicsUsedBy(process: Process): string[] {
  const text = sources(srcOf(process)).join('\n');
  return [...topicByConstant].filter(([name]) => new RegExp(`\\b${name}\\b`).test(text)).map(([, t]) => t);
}

/** The topics a process makes a publisher for (`createEventPublisher({ ..., topics: [X_TOPIC] })`). */
function topicsPublishedBy(process: Process): string[] {
  const text = sources(srcOf(process)).join('\n');
  return [...text.matchAll(/createEventPublisher\(\{[^}]*?topics:\s*\[([^\]]*)\]/g)].flatMap((m) =>
    (m[1] ?? '').split(',').map((name) => topicByConstant.get(name.trim()) ?? `unknown ${name.trim()}`),
  );
}

/** `// Payload of `x` ... on topic `t`` comments of proto/travel/events/v1 and the message after each. */
function protoPayloads(): { topic: string; events: string[]; message: string }[] {
  const folder = 'proto/travel/events/v1';
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.proto'))
    .flatMap((file) =>
      [...read(join(folder, file)).matchAll(/\/\/ Payload of ((?:[^\n]|\n\/\/)*?)\nmessage (\w+)/g)].map(
        (m) => {
          const comment = (m[1] ?? '').replace(/\n\/\/ ?/g, ' ');
          const [beforeTopic = '', afterTopic = ''] = comment.split(' on topic ');
          return {
            topic: codeWords(afterTopic)[0] ?? '',
            events: codeWords(beforeTopic),
            message: m[2] ?? '',
          };
        },
      ),
    );
}

const sortedSet = (values: Iterable<string>) => [...new Set(values)].sort();

describe('docs/architecture.md, "Services"', () => {
  const rows = tableRows(sectionOf(doc, 'Services'), 'service');
  const row = (service: string) => rows.find((cells) => codeWords(cells[0] ?? '')[0] === service) ?? [];

  it('lists every service of the launcher, in its order', () => {
    expect(rows.map((cells) => codeWords(cells[0] ?? '')[0])).toEqual([...SERVICES]);
  });

  it('gives each service its dev gRPC port, whether it owns a database, and the services it calls', () => {
    const documented = SERVICES.map((service) => [service, ...row(service).slice(1, 4)]);
    const actual = SERVICES.map((service) => [
      service,
      String(grpcPort(PROFILES.dev, service)),
      read(`services/${service}/src/config.ts`).includes('mongoFields') ? 'own' : 'none',
      peersOf(service).length === 0
        ? '-'
        : peersOf(service)
            .map((peer) => `\`${peer}\``)
            .join(', '),
    ]);
    expect(documented).toEqual(actual);
  });
});

describe('docs/architecture.md, "What lives where"', () => {
  it('has a row for every package', () => {
    const rows = tableRows(sectionOf(doc, 'What lives where'), 'path').map(
      (cells) => codeWords(cells[0] ?? '')[0],
    );
    const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `packages/${entry.name}`);
    expect(packages.filter((path) => !rows.includes(path))).toEqual([]);
  });
});

describe("docs/architecture.md, the gateway's layers", () => {
  const tree = /```text gateway-layers\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const named = new Set(tree.match(/(?<![\w/.-])[\w.-]+\/?/g) ?? []);
  const folders = (path: string) =>
    readdirSync(join(root, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'dist')
      .map((entry) => `${entry.name}/`);

  it('names every folder of gateway/src and of its routes', () => {
    expect(folders('gateway/src').length).toBeGreaterThan(5);
    const missing = [...folders('gateway/src'), ...folders('gateway/src/routes')].filter(
      (name) => !named.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('names only folders that exist', () => {
    const all = new Set([
      ...folders('gateway/src'),
      ...folders('gateway/src/routes'),
      ...folders('gateway/src/routes/common'),
    ]);
    const stale = [...named].filter(
      (name) => name.endsWith('/') && !['gateway/', 'src/'].includes(name) && !all.has(name),
    );
    expect(stale).toEqual([]);
  });
});

describe('docs/architecture.md, the diagram of calls', () => {
  it('shows the gateway and every service, each with its dev gRPC port', () => {
    const labels = mermaidLabels(callsDiagram);
    expect(SERVICES.map((service) => [service, labels.get(service)])).toEqual(
      SERVICES.map((service) => [service, `${service} :${grpcPort(PROFILES.dev, service)}`]),
    );
    expect(labels.get('gateway')).toContain(`:${PROFILES.dev.httpPort}`);
  });

  it('draws exactly the gRPC calls the configurations make, the gateway to every service included', () => {
    const calls = processes.flatMap((process) => peersOf(process).map((peer) => `${process}->${peer}`));
    const drawn = mermaidEdges(callsDiagram).filter((edge) => {
      const [from = '', to = ''] = edge.split('->');
      return processes.includes(from as Process) && processes.includes(to as Process);
    });
    expect(peersOf('gateway')).toEqual([...SERVICES]);
    expect(sortedSet(drawn)).toEqual(sortedSet(calls));
  });
});

describe('docs/architecture.md, "Events"', () => {
  const rows = tableRows(sectionOf(doc, 'Events'), 'topic');
  const named = (cell: string | undefined) =>
    codeWords(cell ?? '').filter((w) => processes.includes(w as Process));

  it('finds topics in the code at all (the parsing still works)', () => {
    expect(topicByConstant.size).toBe(TOPICS.length);
    expect(topicsPublishedBy('booking')).toEqual(['booking.events', 'audit.entries']);
  });

  it('declares each topic only in packages/events/src/topics.ts', () => {
    const folders = [
      ...processes.map(srcOf),
      ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/src`),
    ];
    const declared = folders
      .filter((folder) => folder !== 'packages/events/src')
      .flatMap((folder) => {
        try {
          return sources(folder);
        } catch {
          return []; // a package without src/
        }
      })
      .flatMap((text) => [...text.matchAll(/\b\w+_TOPIC\s*=\s*'([^']+)'/g)].map((m) => m[1]));
    expect(declared).toEqual([]);
  });

  it('lists every topic of TOPICS', () => {
    expect(rows.map((cells) => codeWords(cells[0] ?? '')[0])).toEqual([...TOPICS]);
  });

  it('names as publishers the processes that make a publisher of the topic', () => {
    const documented = rows.map((cells) => [codeWords(cells[0] ?? '')[0], named(cells[2])]);
    const actual = TOPICS.map((topic) => [
      topic,
      processes.filter((process) => topicsPublishedBy(process).includes(topic)),
    ]);
    expect(documented).toEqual(actual);
  });

  it('names, as publishers or consumers, exactly the processes whose code uses the topic', () => {
    const documented = rows.map((cells) => [
      codeWords(cells[0] ?? '')[0],
      sortedSet([...named(cells[2]), ...named(cells[3])]),
    ]);
    const actual = TOPICS.map((topic) => [
      topic,
      sortedSet(processes.filter((process) => topicsUsedBy(process).includes(topic))),
    ]);
    expect(documented).toEqual(actual);
  });

  it("names each topic's event types and payload messages as proto/travel/events/v1 declares them", () => {
    const payloads = protoPayloads();
    expect(payloads.length).toBeGreaterThan(0);
    for (const { topic, events, message } of payloads) {
      expect(TOPICS).toContain(topic);
      const documented = codeWords(rows.find((cells) => codeWords(cells[0] ?? '')[0] === topic)?.[1] ?? '');
      expect({ topic, missing: [...events, message].filter((word) => !documented.includes(word)) }).toEqual({
        topic,
        missing: [],
      });
    }
  });

  it("lists each service's consumer group with the topics it reads and its order after a park", () => {
    const groups = tableRows(sectionOf(doc, 'Events'), 'consumer group');
    const documented = groups.map((cells) => ({
      group: codeWords(cells[0] ?? '')[0],
      service: cells[1],
      topics: sortedSet(codeWords(cells[2] ?? '')),
      afterPark: cells[3],
    }));
    const withGroup = SERVICES.filter((service) =>
      sources(srcOf(service)).some((text) => /\bgroupId:/.test(text)),
    );
    const consumedBy = (service: string) =>
      sortedSet(
        rows
          .filter(
            (cells) =>
              !(cells[3] ?? '').includes('broadcast') && named(cells[3]).includes(service as Process),
          )
          .map((cells) => codeWords(cells[0] ?? '')[0] ?? ''),
      );
    const actual = documented.map(({ group, service, topics }) => {
      const text = sources(srcOf(service as Process)).join('\n');
      // A service with several groups (identity: usage, audit) names each group's own order beside its topic.
      const near = new RegExp(`'${group}'[\\s\\S]{0,4000}?keyOrderAfterPark: '(\\w+)'`).exec(text)?.[1];
      const order = near ?? /keyOrderAfterPark: '(\w+)'/.exec(text)?.[1];
      return {
        group: text.includes(`'${group}'`) ? group : `no '${group}' in ${service}`,
        service,
        // Each group reads topics the topics table (checked against the code above) names the service for.
        topics: topics.filter((topic) => consumedBy(service ?? '').includes(topic)),
        afterPark: order === 'block' ? 'block the key' : order,
      };
    });
    expect(sortedSet(documented.map(({ service }) => service ?? ''))).toEqual(sortedSet(withGroup));
    expect(documented).toEqual(actual);
    // Together, a service's groups read every topic the table names it a consumer of.
    for (const service of withGroup)
      expect(
        sortedSet(documented.filter((row) => row.service === service).flatMap((row) => row.topics)),
      ).toEqual(consumedBy(service));
  });

  it('draws each topic with the arrows of the table: publisher → topic → consumer', () => {
    const idOf = (topic: string) => topic.replace(/[.-]/g, '_');
    const labels = mermaidLabels(eventsDiagram);
    expect(TOPICS.map((topic) => labels.get(idOf(topic)))).toEqual([...TOPICS]);
    const fromTable = rows.flatMap((cells) => {
      const topic = idOf(codeWords(cells[0] ?? '')[0] ?? '');
      return [
        ...named(cells[2]).map((process) => `${process}->${topic}`),
        ...named(cells[3]).map((process) => `${topic}->${process}`),
      ];
    });
    expect(sortedSet(mermaidEdges(eventsDiagram))).toEqual(sortedSet(fromTable));
  });
});

describe("the README's description and its table of folders", () => {
  const readme = read('README.md');
  const words = [
    'none',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
  ];
  const count = (pattern: RegExp) => words.indexOf(pattern.exec(readme)?.[1] ?? '');
  const usesKafka = SERVICES.filter((service) => topicsUsedBy(service).length > 0);
  const withDatabase = SERVICES.filter((service) =>
    read(`services/${service}/src/config.ts`).includes('mongoFields'),
  );

  it('counts the services, those with a database and those on Kafka as the code has them', () => {
    expect({
      services: count(/to (\w+) services;/),
      withDatabase: count(/; (\w+) of them own a MongoDB database/),
      onKafka: count(/, (\w+) exchange events/),
    }).toEqual({ services: SERVICES.length, withDatabase: withDatabase.length, onKafka: usesKafka.length });
  });

  it('names every service and every package', () => {
    const row = (folder: string) =>
      readme
        .split('\n')
        .find((line) => line.startsWith(`| \`${folder}/\` |`))
        ?.split('|')[2] ?? '';
    const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(codeWords(row('services')).sort()).toEqual([...SERVICES].sort());
    expect(codeWords(row('packages')).sort()).toEqual(packages.sort());
  });
});
