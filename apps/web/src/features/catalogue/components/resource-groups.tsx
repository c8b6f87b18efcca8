import type { ResourceGroup } from '@app/contract/catalogue';
import { useId } from 'react';
import { useBrand } from '../../../lib/brand';
import styles from './catalogue.module.css';
import { DownloadList } from './download-list';
import { Heading, type HeadingLevel } from './heading';

function Group({ group, level }: { group: ResourceGroup; level: HeadingLevel }) {
  const { downloadPage } = useBrand();
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <Heading level={level} id={id}>
        {group.title}
      </Heading>
      <p>{group.description}</p>
      <DownloadList items={group.items} columns={downloadPage.columns} />
    </section>
  );
}

/** Manuals, datasheets, firmware or software: each type with its description and files. */
export function ResourceGroups({ groups, level = 2 }: { groups: ResourceGroup[]; level?: HeadingLevel }) {
  return groups.map((group) => <Group key={group.contentType} group={group} level={level} />);
}
