import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { IntoSchema } from './staging-rewrite';

// As pg_restore --file=- writes it (pg_dump 15), shortened.
const SQL = `SELECT pg_catalog.set_config('search_path', '', false);
CREATE TABLE public.users (
    id bigint NOT NULL,
    username public.citext NOT NULL
);
ALTER TABLE public.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
);
CREATE TABLE public."Odd ""name""" (x integer);
COPY public.users (id, username) FROM stdin;
1\tpublic.users is not a table here
2\tCOPY public.users (id) FROM stdin;
\\.
COPY public."Odd ""name""" (x) FROM stdin;
\\.
SELECT pg_catalog.setval('public.users_id_seq', 2, true);
CREATE INDEX users_name_trgm ON public.users USING gin (username public.gin_trgm_ops);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id);
`;

const EXPECTED = `SELECT pg_catalog.set_config('search_path', '', false);
CREATE TABLE s.users (
    id bigint NOT NULL,
    username public.citext NOT NULL
);
ALTER TABLE s.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME s.users_id_seq
);
CREATE TABLE s."Odd ""name""" (x integer);
COPY s.users (id, username) FROM stdin;
1\tpublic.users is not a table here
2\tCOPY public.users (id) FROM stdin;
\\.
COPY s."Odd ""name""" (x) FROM stdin;
\\.
SELECT pg_catalog.setval('s.users_id_seq', 2, true);
CREATE INDEX users_name_trgm ON s.users USING gin (username public.gin_trgm_ops);
ALTER TABLE ONLY s.users ADD CONSTRAINT users_group_id_fkey FOREIGN KEY (group_id) REFERENCES s.groups(id);
`;

const relations = new Set(['users', 'users_id_seq', 'groups', 'Odd "name"']);
const rewrite = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(new IntoSchema(relations, 's')));

describe('IntoSchema', () => {
  it('moves the backup’s own relations into the schema, keeps the extensions’ objects in public, and never touches COPY rows', async () => {
    expect(await rewrite([Buffer.from(SQL)])).toBe(EXPECTED);
  });

  it('gives the same text however the input is cut into chunks', async () => {
    const bytes = Buffer.from(SQL);
    for (let size = 1; size <= 9; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await rewrite(chunks)).toBe(EXPECTED);
    }
  });
});
