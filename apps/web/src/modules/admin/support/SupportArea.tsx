import { Navigate, Route, Routes } from 'react-router';
import { CannedRepliesPage } from './CannedRepliesPage';
import { InboxPage } from './InboxPage';
import './support.css';

/** The support area (issue 20): the agent inbox and the canned replies, for support agents and admins. */
export default function SupportArea() {
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path="conversations/:id" element={<InboxPage />} />
      <Route path="canned" element={<CannedRepliesPage />} />
      <Route path="*" element={<Navigate to="/admin/support" replace />} />
    </Routes>
  );
}
