// The Weekly Rota's heading, shared by the page and the skeleton the first download shows while
// the page's code is on its way (src/app/routes/app-pages.tsx).

export const WEEKLY_ROTA_TITLE = 'Weekly Rota';
export const WEEKLY_ROTA_INTRO = 'View and manage weekly duty assignments';
