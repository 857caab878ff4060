// The Duties page's heading (docs/product.md#duties), shared by the page and the skeleton the
// first download shows while the page's code is on its way (src/app/routes/app-pages.tsx).

export const DUTIES_TITLE = 'Duties';
export const DUTIES_INTRO = 'The duties your school runs, in the order the rota shows them.';
