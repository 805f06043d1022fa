import { Edit } from 'react-admin';
import { NewsForm, toNewsBody } from './newsForm';

/** Approver (and superadmin): PUT /admin-api/news/:id (text, hidden / shown), pessimistic (waits for the API's events). */
export const NewsEdit = () => (
  <Edit mutationMode="pessimistic" transform={toNewsBody} redirect="list">
    <NewsForm />
  </Edit>
);
