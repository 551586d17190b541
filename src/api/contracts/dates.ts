// Calendar days as the organisations keep them, for the browser and the
// server alike: 'YYYY-MM-DD' in Japan time, where the organisations work (a
// per-organisation time zone would come with the organisation settings).

const JAPAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });

/** Today in Japan ('YYYY-MM-DD'); `now` for another instant. */
export const todayInJapan = (now = new Date()) => JAPAN_DAY.format(now);
