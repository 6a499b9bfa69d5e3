import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card holding a chart or a table. */
export function Section({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <Card.Root size="sm" minW="0" data-testid={testId}>
      <Card.Header display="flex" flexDirection="row" alignItems="center" justifyContent="space-between" gap="2" flexWrap="wrap">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body minW="0">{children}</Card.Body>
    </Card.Root>
  );
}
