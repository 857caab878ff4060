const PRODUCT_NAME = 'Duty Manager';

/** The browser tab's title; React hoists `<title>` into the document head. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME}</title>;
}
