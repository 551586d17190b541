// A user's text as a literal ILIKE substring: %, _ and \ match themselves
// (backslash is PostgreSQL's default LIKE escape).
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
