import { Heading } from '@chakra-ui/react';

/** A staff page's title (h1). */
export function PageTitle({ children }: { children: string }) {
  return (
    <Heading as="h1" size="2xl" mb="4">
      {children}
    </Heading>
  );
}
