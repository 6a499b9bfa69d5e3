export default function PublicQuotationRoute() {
  return <h1>Orçamento</h1>;
}
