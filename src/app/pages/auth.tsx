export default function AuthRoute() {
  return <h1>Área Administrativa</h1>;
}
