import { BooleanInput, SaveButton, SimpleForm, TextInput, Toolbar, type RaRecord, type Validator } from 'react-admin';

/** The API's limit (src/modules/news/domain/news.events.ts). */
export const NEWS_CONTENT_MAX_LENGTH = 2000;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const validateContent: Validator = (value) => {
  const content = text(value);
  if (!content) return 'resources.news.invalid.empty';
  return content.length <= NEWS_CONTENT_MAX_LENGTH ? undefined : 'resources.news.invalid.too_long';
};

/** POST / PUT news take exactly `{ content, hidden }` (the record's id and dates are left out). */
export const toNewsBody = (data: RaRecord) => ({ content: text(data.content), hidden: Boolean(data.hidden) });

/** Save only: a news item is never deleted (every change is an event); it is hidden instead. */
const NewsToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export const NewsForm = () => (
  <SimpleForm toolbar={<NewsToolbar />} defaultValues={{ hidden: false }}>
    <TextInput
      source="content"
      multiline
      minRows={4}
      fullWidth
      validate={validateContent}
      helperText="resources.news.inputs.content_help"
    />
    <BooleanInput source="hidden" helperText="resources.news.inputs.hidden_help" />
  </SimpleForm>
);
