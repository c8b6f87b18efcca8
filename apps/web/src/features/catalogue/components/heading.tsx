import type { ReactNode } from 'react';

export type HeadingLevel = 2 | 3 | 4;

/** A heading whose level depends on where a section sits (its own page, or inside another). */
export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

export const deeper = (level: HeadingLevel): HeadingLevel => (level >= 4 ? 4 : ((level + 1) as HeadingLevel));
