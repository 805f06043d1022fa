import logoUrl from './sahyog-logo.svg';

/**
 * Sahyog's mark (two hands of the help circle), the same file as the favicon of admin-web's
 * index.html. `alt` is empty where the name "Sahyog" is written beside it.
 */
export const SahyogLogo = ({ size = 32, alt = 'Sahyog' }: { size?: number; alt?: string }) => (
  <img src={logoUrl} width={size} height={size} alt={alt} style={{ display: 'block', flexShrink: 0 }} />
);
