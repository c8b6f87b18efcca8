import { Link } from 'react-router';
import { useSupport } from '../../features/catalogue/api/get-support';
import { ContentPage } from '../../features/catalogue/components/content-page';
import styles from './dvr.module.css';

/** Technical support (GET /api/support): numbers, opening hours and answers to common questions. */
function SupportPanel() {
  const { data: support } = useSupport();
  if (!support) return null;
  return (
    <section aria-labelledby="support-heading" className={styles.support}>
      <h2 id="support-heading">{support.title}</h2>
      <p>{support.intro}</p>
      <div className={styles.supportColumns}>
        <div>
          <h3>Contact</h3>
          <ul className={styles.plainList}>
            {support.contacts.map((contact) => (
              <li key={contact.label}>
                {contact.label}:{' '}
                {contact.href.startsWith('/') ? (
                  <Link to={contact.href}>{contact.value}</Link>
                ) : (
                  <a href={contact.href}>{contact.value}</a>
                )}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Opening hours</h3>
          <dl className={styles.hours}>
            {support.hours.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.times}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <h3>Common questions</h3>
      <div className={styles.faq}>
        {support.faq.map((item) => (
          <details key={item.id} id={item.id}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** `/connect`: how to reach the recorder, then technical support. */
export function ConnectPage() {
  return (
    <ContentPage slug="connect">
      <SupportPanel />
    </ContentPage>
  );
}
