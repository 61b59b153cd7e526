import { restoreList } from './backup.service';

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
3338; 2606 23938 CONSTRAINT public users users_pkey postgres`;

describe('restoreList', () => {
  it('leaves the extensions (and their comments) out of the restore and names them', () => {
    const { list, extensions } = restoreList(TOC);
    expect(extensions).toEqual(['citext', 'pg_trgm']);
    expect(list).not.toMatch(/EXTENSION/);
    for (const kept of ['TABLE public users', 'COMMENT public TABLE users', 'TABLE DATA public users', 'SEQUENCE SET public users_id_seq', 'CONSTRAINT public users users_pkey']) {
      expect(list).toContain(kept);
    }
  });
});
