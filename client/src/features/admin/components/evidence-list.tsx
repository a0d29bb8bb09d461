/**
 * A dispute's evidence for the mediation team: statements, image files previewed inline (a thumbnail that
 * opens the full-size image), PDFs and other files opened or downloaded. Files are served only with the
 * admin's token, so each is fetched into a blob URL, released when the case closes.
 */
import { Box, Button, Flex, HStack, Image, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime, humanize } from '@/lib/format';
import { downloadWithToken, fetchWithToken, type DisputeDetail } from '../api/admin-rest';

type Evidence = DisputeDetail['evidence'][number];

const isImage = (item: Evidence) => !!item.download_url && /^image\/(png|jpeg|webp)$/.test(item.mime_type ?? '');
const isPdf = (item: Evidence) => !!item.download_url && item.mime_type === 'application/pdf';

/** The file as an object URL while the component is shown. */
function useEvidenceUrl(item: Evidence, enabled: boolean): { url: string | null; error: string | null } {
  const query = useQuery({
    queryKey: ['admin', 'evidence-file', item.id],
    queryFn: ({ signal }) => fetchWithToken(item.download_url!, { signal }).then((file) => file.blob),
    enabled,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, error: query.isError ? query.error.message : null };
}

function ImagePreview({ item }: { item: Evidence }) {
  const { url, error } = useEvidenceUrl(item, true);
  if (error) return <Text fontSize="xs" color="fg.error">{`Could not load the image: ${error}`}</Text>;
  if (!url) return <Box boxSize="24" borderRadius="l2" bg="bg.muted" aria-label={`Loading ${item.file_name ?? 'image'}`} role="img" />;
  return (
    <Link href={url} target="_blank" rel="noopener" aria-label={`Open ${item.file_name ?? 'the image'} full size`} flexShrink={0}>
      <Image
        src={url}
        alt={`${humanize(item.kind)} from the ${item.submitted_by}: ${item.description}`}
        boxSize="24"
        objectFit="cover"
        borderRadius="l2"
        borderWidth="1px"
        data-testid="evidence-image"
      />
    </Link>
  );
}

export function EvidenceList({ evidence }: { evidence: Evidence[] }) {
  const [error, setError] = useState<string | null>(null);
  const fetchFile = async (item: Evidence, open: boolean) => {
    setError(null);
    try {
      await downloadWithToken(item.download_url!, { fileName: item.file_name ?? 'evidence', open });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  if (evidence.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No evidence submitted.
      </Text>
    );
  return (
    <>
      {evidence.map((item) => (
        <Flex
          key={item.id}
          gap="3"
          justify="space-between"
          align="flex-start"
          borderBottomWidth="1px"
          py="2"
          _last={{ borderBottomWidth: 0 }}
          data-testid="admin-evidence-item"
        >
          <Box minW="0" flex="1">
            <HStack gap="2">
              <FileText size={14} aria-hidden />
              <Text fontSize="sm" fontWeight="medium">
                {humanize(item.kind)} · from the {item.submitted_by}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
              {item.description}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {formatDateTime(item.created_at)}
            </Text>
          </Box>
          {isImage(item) ? (
            <ImagePreview item={item} />
          ) : isPdf(item) ? (
            <Button size="xs" variant="outline" onClick={() => void fetchFile(item, true)}>
              <ExternalLink aria-hidden /> Open {item.file_name ?? 'PDF'}
            </Button>
          ) : item.download_url ? (
            <Button size="xs" variant="outline" onClick={() => void fetchFile(item, false)}>
              <Download aria-hidden /> {item.file_name ?? 'File'}
            </Button>
          ) : null}
        </Flex>
      ))}
      {error ? (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
