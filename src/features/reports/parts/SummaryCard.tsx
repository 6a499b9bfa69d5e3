import { Card, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SummaryCardProps {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  /** Chakra colour palette of the value (green, red, …). */
  tone?: 'green' | 'red' | 'blue' | 'orange' | 'gray';
  loading?: boolean;
  testId?: string;
}

/** One number with its label: the reports' summary and insight cards. */
export function SummaryCard({ label, value, caption, tone, loading, testId }: SummaryCardProps) {
  return (
    <Card.Root size="sm" data-testid={testId} minW="0">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {loading ? (
          <Skeleton height="7" width="70%" data-testid="summary-skeleton" />
        ) : (
          <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color={tone ? `${tone}.fg` : undefined} data-value lineClamp={2}>
            {value}
          </Text>
        )}
        {caption && (
          <Text fontSize="xs" color="fg.muted">
            {caption}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
