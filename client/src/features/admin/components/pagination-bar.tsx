import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PaginationInfo {
  current_page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
}

/** "Showing 21–40 of 1,234" with Previous / Next. */
export function PaginationBar({
  pagination,
  onPage,
  isBusy,
}: {
  pagination: PaginationInfo;
  onPage: (page: number) => void;
  isBusy?: boolean;
}) {
  const { current_page: page, per_page: perPage, total_pages: pages, total_count: total } = pagination;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0
          ? 'No results'
          : `Showing ${first.toLocaleString('en-KE')}–${last.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')}`}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1 || isBusy} aria-label="Previous page">
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Text fontSize="sm" minW="20" textAlign="center">
          Page {page} of {Math.max(1, pages)}
        </Text>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages || isBusy} aria-label="Next page">
          Next <ChevronRight aria-hidden />
        </Button>
      </HStack>
    </Flex>
  );
}
