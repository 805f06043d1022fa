import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Link } from 'react-router-dom';
import { Button } from 'react-admin';

/** A shortcut from the events list to the /ledger page (where "Verify ledger" runs the check). */
export const VerifyLedgerLink = () => (
  <Button component={Link} to="/ledger" label="sahyog.ledger.title">
    <VerifiedUserIcon />
  </Button>
);
