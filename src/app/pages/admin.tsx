import { Outlet } from 'react-router-dom';
export default function AdminRoute() {
  return <Outlet />;
}
