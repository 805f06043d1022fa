import { Create } from 'react-admin';
import { NewsForm, toNewsBody } from './newsForm';

/** Approver (and superadmin): POST /admin-api/news, then the list. */
export const NewsCreate = () => (
  <Create transform={toNewsBody} redirect="list">
    <NewsForm />
  </Create>
);
