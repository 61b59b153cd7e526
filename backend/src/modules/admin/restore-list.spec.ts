import { restorePlan } from './restore-list';

// `pg_restore --list` of a dump made by pg_dump 15 (citext + pg_trgm, as the app's migrations create).
const TOC = `;
; Archive created at 2026-11-21 22:49:12 UTC
;     dbname: c9
;
; Selected TOC Entries:
;
2; 3079 23745 EXTENSION - citext 
3489; 0 0 COMMENT - EXTENSION citext 
3; 3079 23850 EXTENSION - pg_trgm 
3490; 0 0 COMMENT - EXTENSION pg_trgm 
217; 1259 23932 TABLE public users postgres
3491; 0 0 COMMENT public TABLE users postgres
216; 1259 23931 SEQUENCE public users_id_seq postgres
3482; 0 23932 TABLE DATA public users postgres
3492; 0 0 SEQUENCE SET public users_id_seq postgres
3338; 2606 23938 CONSTRAINT public users users_pkey postgres
3339; 1259 23940 INDEX public users_name_trgm postgres
3340; 2606 23941 FK CONSTRAINT public users users_group_id_fkey postgres`;

describe('restorePlan', () => {
  it('leaves the extensions (and their comments) out of the restore and names them', () => {
    const { list, extensions, unsupported } = restorePlan(TOC);
    expect(extensions).toEqual(['citext', 'pg_trgm']);
    expect(unsupported).toEqual([]);
    expect(list).not.toMatch(/EXTENSION/);
    for (const kept of ['TABLE public users', 'COMMENT public TABLE users', 'TABLE DATA public users', 'SEQUENCE SET public users_id_seq', 'CONSTRAINT public users users_pkey']) {
      expect(list).toContain(kept);
    }
  });

  it('collects the relations that move into the staging schema (tables, sequences, indexes), not constraints', () => {
    expect([...restorePlan(TOC).relations].sort()).toEqual(['users', 'users_id_seq', 'users_name_trgm']);
  });

  it('leaves the public schema itself out, and names what it cannot move (a function, another schema)', () => {
    const toc = `${TOC}
5; 2615 2200 SCHEMA - public postgres
6; 0 0 COMMENT - SCHEMA public postgres
7; 1255 16390 FUNCTION public touch_updated_at() postgres
8; 1259 16391 TABLE reports daily postgres`;
    const { list, unsupported } = restorePlan(toc);
    expect(list).not.toMatch(/SCHEMA - public|FUNCTION|reports/);
    expect(unsupported).toEqual(['FUNCTION public.touch_updated_at()', 'TABLE reports.daily']);
  });
});
