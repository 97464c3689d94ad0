import { Navigate, Route, Routes } from 'react-router';
import { UserPage } from './UserPage';
import { UsersListPage } from './UsersListPage';

/** The back office's users area at /admin/users (#14): the list, and a user's page at /admin/users/<id>. */
export default function UsersArea() {
  return (
    <Routes>
      <Route index element={<UsersListPage />} />
      <Route path=":id" element={<UserPage />} />
      <Route path="*" element={<Navigate to="/admin/users" replace />} />
    </Routes>
  );
}
