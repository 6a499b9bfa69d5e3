import { useRouteError } from 'react-router-dom';

/** The spec's generic router error page. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Unexpected Application Error!</h1>
      <p>Ocorreu um erro inesperado. Recarregue a página para tentar novamente.</p>
    </div>
  );
}
