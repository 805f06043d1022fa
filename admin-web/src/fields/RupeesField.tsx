import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { formatRupees } from '../money';

/** A rupee text field of the help circle ("5000.00") as "₹5,000.00". */
export const RupeesField = ({ source, className }: FieldProps) => {
  const value: unknown = useFieldValue({ source });
  return (
    <Typography component="span" variant="body2" className={className} sx={{ whiteSpace: 'nowrap' }}>
      {formatRupees(value)}
    </Typography>
  );
};
