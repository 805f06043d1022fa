import { Box, Link } from '@mui/material';
import { useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

const IMAGE_URL = /^(https?:\/\/\S+|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/;

export interface QrImageFieldProps extends FieldProps {
  /** The record's field that names the image in its alt text (e.g. the option's bank name). */
  nameSource?: string;
  size?: number;
}

/**
 * A QR code as an image (an http(s) link or a `data:image/…;base64,` URL), never as its text;
 * its alt text names whose code it is. A link opens the full-size image; anything else reads '—'.
 */
export const QrImageField = ({ source, nameSource, size = 64 }: QrImageFieldProps) => {
  const value: unknown = useFieldValue({ source });
  const record = useRecordContext();
  const translate = useTranslate();
  if (typeof value !== 'string' || !IMAGE_URL.test(value.trim())) return <span>—</span>;
  const src = value.trim();
  const name = nameSource && record ? String(record[nameSource] ?? '') : '';
  const alt = translate('sahyog.qr_alt', { name: name || String(record?.id ?? '') });
  const image = (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{ width: size, height: size, objectFit: 'contain', display: 'block', bgcolor: 'common.white' }}
    />
  );
  return src.startsWith('data:') ? (
    image
  ) : (
    <Link href={src} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
      {image}
    </Link>
  );
};
