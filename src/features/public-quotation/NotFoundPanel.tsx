import { Button, Stack, Text, Heading } from '@chakra-ui/react';
import { ArrowLeft, RefreshCw, SearchX } from 'lucide-react';
import { PQ_MESSAGES as M } from './messages';

interface Props {
  message: string;
  onBack: () => void;
  onRetry: () => void;
}

/** 'Orçamento não encontrado' with the error text (or the hint) and Voltar / Tentar novamente. */
export function NotFoundPanel({ message, onBack, onRetry }: Props) {
  return (
    <Stack className="pq-card" align="center" textAlign="center" gap="4" py="10" px="6" role="alert">
      <SearchX size={48} color="#dc2626" aria-hidden="true" />
      <Heading as="h1" size="xl">
        {M.notFoundTitle}
      </Heading>
      <Text color="gray.600" maxW="md">
        {message || M.notFoundHint}
      </Text>
      <Stack direction="row" gap="3" className="pq-no-print">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" />
          {M.back}
        </Button>
        <Button colorPalette="blue" onClick={onRetry}>
          <RefreshCw size={16} aria-hidden="true" />
          {M.retry}
        </Button>
      </Stack>
    </Stack>
  );
}
