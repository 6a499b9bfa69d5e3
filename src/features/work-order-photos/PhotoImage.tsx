/** A photo's image filling its tile (or the enlarged view); a quiet placeholder while it loads or offline. */
import { Box, Center, Image, Spinner, Text } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { PHOTO_TEXT } from './messages';

export function PhotoImage({ url, alt, fit = 'cover', failed = false }: { url: string | null; alt: string; fit?: 'cover' | 'contain'; failed?: boolean }) {
  if (url) return <Image src={url} alt={alt} w="100%" h="100%" objectFit={fit} draggable={false} />;
  return (
    <Center w="100%" h="100%" bg="gray.100" color="fg.muted" flexDirection="column" gap="1" p="2" textAlign="center">
      {failed ? (
        <>
          <ImageOff size={20} aria-hidden />
          <Text textStyle="xs">{PHOTO_TEXT.offlineImage}</Text>
        </>
      ) : (
        <Box aria-label={PHOTO_TEXT.loading} role="img">
          <Spinner size="sm" />
        </Box>
      )}
    </Center>
  );
}
