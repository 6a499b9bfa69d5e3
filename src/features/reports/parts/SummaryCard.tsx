import { Card, Flex, Skeleton, Text } from '@chakra-ui/react';
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
      <Card.Body gap="1" py={{ base: '2.5', sm: '4' }}>
        <Flex direction={{ base: 'row', sm: 'column' }} justify="space-between" align={{ base: 'center', sm: 'stretch' }} gap={{ base: '3', sm: '1' }}>
          <Text fontSize="sm" color="fg.muted">
            {label}
          </Text>
          {loading ? (
            <Skeleton height="7" width={{ base: '40%', sm: '70%' }} data-testid="summary-skeleton" />
          ) : (
            <Text fontSize={{ base: 'lg', md: '2xl' }} fontWeight="bold" color={tone ? `${tone}.fg` : undefined} data-value textAlign={{ base: 'end', sm: 'start' }} lineClamp={2}>
              {value}
            </Text>
          )}
        </Flex>
        {caption && (
          <Text fontSize="xs" color="fg.muted" textAlign={{ base: 'end', sm: 'start' }}>
            {caption}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
