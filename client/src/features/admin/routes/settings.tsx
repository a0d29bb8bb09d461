/** Settings of this admin area, remembered in this browser: theme, monitoring refresh, rows per page, sidebar. */
import { Button, Card, Field, Heading, NativeSelect, SegmentGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useColorMode } from '@/components/ui/color-mode';
import { DEFAULT_PREFERENCES, PAGE_SIZES, REFRESH_INTERVALS, setPreferences, useAdminPreferences } from '../admin-preferences';
import { PageHeader } from '../components/page-header';
import { toaster } from '../components/toaster';

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function SettingsPage() {
  const preferences = useAdminPreferences();
  const { colorMode, setColorMode } = useColorMode();
  return (
    <>
      <PageHeader title="Settings" description="How this dashboard looks and behaves in this browser." />
      <Stack gap="4" maxW="2xl">
        <Section title="Appearance" description="The admin area starts dark until you choose a theme here or with the header's toggle.">
          <Field.Root>
            <Field.Label>Theme</Field.Label>
            <SegmentGroup.Root
              value={colorMode}
              onValueChange={(details) => {
                setPreferences({ hasChosenTheme: true });
                setColorMode(details.value as 'light' | 'dark');
              }}
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'dark', label: 'Dark' },
                  { value: 'light', label: 'Light' },
                ]}
              />
            </SegmentGroup.Root>
          </Field.Root>
          <Switch.Root
            checked={preferences.sidebarCollapsed}
            onCheckedChange={(details) => setPreferences({ sidebarCollapsed: details.checked })}
            colorPalette="teal"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Collapse the sidebar to icons</Switch.Label>
          </Switch.Root>
        </Section>
        <Section title="Monitoring" description="The live feed on the Monitoring page and the header's bell.">
          <Switch.Root
            checked={preferences.autoRefresh}
            onCheckedChange={(details) => setPreferences({ autoRefresh: details.checked })}
            colorPalette="teal"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Refresh automatically</Switch.Label>
          </Switch.Root>
          <Field.Root>
            <Field.Label>Refresh interval</Field.Label>
            <NativeSelect.Root w="48" disabled={!preferences.autoRefresh}>
              <NativeSelect.Field
                value={preferences.refreshInterval}
                onChange={(event) => setPreferences({ refreshInterval: Number(event.target.value) as (typeof REFRESH_INTERVALS)[number] })}
              >
                {REFRESH_INTERVALS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    Every {seconds} seconds
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Section>
        <Section title="Tables" description="Rows per page on Transactions, Users, Disputes and Contact messages.">
          <Field.Root>
            <Field.Label>Rows per page</Field.Label>
            <NativeSelect.Root w="48">
              <NativeSelect.Field
                value={preferences.pageSize}
                onChange={(event) => setPreferences({ pageSize: Number(event.target.value) as (typeof PAGE_SIZES)[number] })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size} rows
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Section>
        <Button
          alignSelf="flex-start"
          variant="outline"
          onClick={() => {
            // A reset keeps the chosen theme (docs/product-rules.md §4).
            setPreferences({ ...DEFAULT_PREFERENCES, hasChosenTheme: preferences.hasChosenTheme });
            toaster.create({ type: 'info', title: 'Settings reset', description: 'Your theme was kept.' });
          }}
        >
          Reset to defaults
        </Button>
      </Stack>
    </>
  );
}
