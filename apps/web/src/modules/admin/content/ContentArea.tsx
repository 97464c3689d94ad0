import { Navigate, Route, Routes } from 'react-router';
import { ItemEditPage } from './ItemEditPage';
import { ItemsPage } from './ItemsPage';
import { LinksPage } from './LinksPage';
import { NewItemPage } from './NewItemPage';
import { ParamsPage } from './ParamsPage';
import { SettingsPage } from './SettingsPage';

/** The back office's content editor at /admin/content (#14): items and their texts, links, params, settings. */
export default function ContentArea() {
  return (
    <Routes>
      <Route index element={<ItemsPage />} />
      <Route path="items" element={<ItemsPage />} />
      <Route path="items/new" element={<NewItemPage />} />
      <Route path="items/:id" element={<ItemEditPage />} />
      <Route path="links" element={<LinksPage />} />
      <Route path="params" element={<ParamsPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="*" element={<Navigate to="/admin/content" replace />} />
    </Routes>
  );
}
