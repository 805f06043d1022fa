import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The disclaimer, in English and Hindi, shared by the /Disclaimer page (after login) and the
 * dashboard's disclaimer popup. The platform handles no money: donors pay donees directly.
 */
export const DISCLAIMER_ENGLISH = [
  'Sahyog is a community platform that only connects people who wish to help (donors) with people who need help (donees). Sahyog does not collect, hold or handle any funds.',
  'Every contribution is paid directly by the donor to the donee, by bank transfer or UPI, and is a voluntary act of the donor. Sahyog promises no return, income or benefit on any help given. Members are responsible for checking the details of the person they pay.',
  'Any dispute arising out of or in connection with the use of this platform shall be referred to arbitration under the Arbitration and Conciliation Act, 1996. The venue of arbitration shall be Nashik, Maharashtra, India.',
];

export const DISCLAIMER_HINDI = [
  'सहयोग एक सामुदायिक मंच है जो केवल सहायता करने के इच्छुक लोगों (दाताओं) को सहायता की आवश्यकता वाले लोगों (प्राप्तकर्ताओं) से जोड़ता है। सहयोग कोई भी धनराशि एकत्र नहीं करता, अपने पास नहीं रखता और न ही उसका संचालन करता है।',
  'प्रत्येक योगदान दाता द्वारा सीधे प्राप्तकर्ता को बैंक ट्रांसफ़र या UPI के माध्यम से दिया जाता है और यह दाता का स्वैच्छिक कार्य है। सहयोग दी गई किसी भी सहायता पर किसी प्रतिफल, आय या लाभ का वादा नहीं करता। जिस व्यक्ति को सदस्य भुगतान करते हैं, उसके विवरण की जाँच करने की ज़िम्मेदारी स्वयं सदस्य की है।',
  'इस मंच के उपयोग से उत्पन्न या उससे संबंधित किसी भी विवाद को मध्यस्थता और सुलह अधिनियम, 1996 के अंतर्गत मध्यस्थता हेतु भेजा जाएगा। मध्यस्थता का स्थान नासिक, महाराष्ट्र, भारत होगा।',
];

export function DisclaimerText() {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" gutterBottom lang="en" sx={{ fontWeight: 700 }}>
        English
      </Typography>
      {DISCLAIMER_ENGLISH.map((paragraph) => (
        <Typography key={paragraph} variant="body2" paragraph lang="en">
          {paragraph}
        </Typography>
      ))}
      <Typography variant="subtitle1" component="h3" gutterBottom lang="hi" sx={{ fontWeight: 700 }}>
        हिन्दी
      </Typography>
      {DISCLAIMER_HINDI.map((paragraph) => (
        <Typography key={paragraph} variant="body2" paragraph lang="hi">
          {paragraph}
        </Typography>
      ))}
    </Box>
  );
}
