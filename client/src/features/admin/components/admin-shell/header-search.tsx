/** The header's search box: one search over transactions and users (/dashboard/search). */
import { Box, Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [term, setTerm] = useState(location.pathname === '/dashboard/search' ? (params.get('q') ?? '') : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = term.trim();
    if (q) navigate(`/dashboard/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <Box as="form" role="search" onSubmit={submit} flex="1" maxW="md">
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          size="sm"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search reference, phone, name or email"
          aria-label="Search transactions and users"
          maxLength={100}
        />
      </InputGroup>
    </Box>
  );
}
