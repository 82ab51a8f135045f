// A fediverse account as the Studio shows it: its name, and its handle linking to its
// profile on its own instance. No picture: the site's pages load images from the site
// only (the CSP's img-src), and a remote picture would tell that instance who looked.
import styles from './fediverse.module.css';

interface Props {
  name: string;
  handle: string;
  url: string | null;
}

export function FediverseAccount({ name, handle, url }: Props) {
  return (
    <span className={styles.accountText}>
      {name && <strong>{name}</strong>}
      {url ? (
        <a href={url} rel="nofollow noopener noreferrer" target="_blank">
          {handle}
        </a>
      ) : (
        <span>{handle}</span>
      )}
    </span>
  );
}
