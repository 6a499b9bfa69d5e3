/**
 * The certificado digital A1 in Configurações › Fiscal (issue 38 §2): what the server keeps of it
 * (company.fiscal_certificate: Titular, CNPJ, Emitido por, Válido até) with its warnings, sending
 * a .pfx/.p12 with its password, and removing it. Sending needs the server (the A1 never stays on
 * a device), so offline it says so. The password lives in the field only until it is sent: it is
 * cleared whatever the answer.
 */
import { Fragment, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Field, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatTaxId, type FiscalCertificateInfo } from '@shared';
import { useSyncStatus } from '../../data/db';
import { PFX_MAX_BYTES, removeCertificate, uploadCertificate } from '../../data/nfse-certificate';
import { certificateDate, certificateWarningTexts } from '../../domain/fiscal-settings';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SETTINGS_TEXT } from './messages';
import { notifyError, notifySuccess } from './notify';

const T = SETTINGS_TEXT.fiscal;
const PASSWORD_CODES = new Set(['certificate_wrong_password', 'certificate_required']);

export interface CertificateCardProps {
  /** What the company document says (replication brings the server's changes). */
  stored: FiscalCertificateInfo | null;
  companyCnpj: string | null;
}

/** The server's last answer, until the company document catches up with it. */
interface Answer {
  cert: FiscalCertificateInfo | null;
  /** stored.uploaded_at when the answer came: once the document changes, it speaks again. */
  over: string | null;
}

async function bytesOf(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

export function CertificateCard({ stored, companyCnpj }: CertificateCardProps) {
  const online = useSyncStatus().online;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const fileId = useId();

  const cert = answer && answer.over === (stored?.uploaded_at ?? null) ? answer.cert : stored;
  const warnings = certificateWarningTexts(cert, companyCnpj, new Date());

  function pick(f: File | null) {
    setFile(f);
    setFileError(null);
    setFormError(null);
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const typed = password;
    const fileProblem = !file ? T.certFileRequired : !/\.(pfx|p12)$/i.test(file.name) ? T.certFileType : file.size > PFX_MAX_BYTES ? T.certFileTooBig : null;
    setFileError(fileProblem);
    setPasswordError(typed === '' ? T.certPasswordRequired : null);
    setFormError(null);
    if (fileProblem || typed === '' || !file) return;
    if (!online) {
      setFormError(T.certOffline);
      return;
    }
    setSending(true);
    // Out of the state before the request goes: a wrong one is typed again.
    setPassword('');
    try {
      const res = await uploadCertificate(await bytesOf(file), typed);
      if (res.ok) {
        setAnswer({ cert: res.value.certificate, over: stored?.uploaded_at ?? null });
        pick(null);
        if (fileInput.current) fileInput.current.value = '';
        notifySuccess(T.certSent(res.value.certificate.holder, certificateDate(res.value.certificate.valid_until)));
      } else if (res.code === 'offline') setFormError(T.certOffline);
      else if (res.code && PASSWORD_CODES.has(res.code)) setPasswordError(res.message);
      else if (res.code?.startsWith('certificate_')) setFileError(res.message);
      else setFormError(res.message);
    } catch (err) {
      setFileError(err instanceof Error ? err.message : T.certFileRequired);
    } finally {
      setSending(false);
    }
  }

  async function remove() {
    const res = await removeCertificate();
    setRemoving(false);
    if (res.ok) {
      setAnswer({ cert: null, over: stored?.uploaded_at ?? null });
      notifySuccess(T.certRemoved);
    } else notifyError(new Error(res.code === 'offline' ? T.certOffline : res.message));
  }

  return (
    <Card.Root data-testid="fiscal-certificate">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md">
            {T.certTitle}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {T.certIntro}
          </Text>
          {warnings.map((w) => (
            <Alert.Root key={w} status="warning">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{w}</Alert.Title>
            </Alert.Root>
          ))}
          {cert ? (
            <Stack gap="3">
              <Grid as="dl" templateColumns={{ base: '1fr', sm: '9rem 1fr' }} columnGap="4" rowGap={{ base: '0', sm: '2' }} alignItems="baseline">
                {[
                  [T.certHolder, cert.holder],
                  [T.certCnpj, cert.cnpj ? formatTaxId(cert.cnpj) : '—'],
                  [T.certIssuer, cert.issuer],
                  [T.certValidUntil, certificateDate(cert.valid_until)],
                ].map(([label, value]) => (
                  <Fragment key={label}>
                    <Text as="dt" color="fg.muted" textStyle="sm" pt={{ base: '2', sm: '0' }}>
                      {label}
                    </Text>
                    <Text as="dd" fontWeight="medium" wordBreak="break-word">
                      {value}
                    </Text>
                  </Fragment>
                ))}
              </Grid>
              <Box>
                <Button variant="outline" colorPalette="red" size="sm" onClick={() => setRemoving(true)}>
                  {T.certRemove}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Text>{T.certNone}</Text>
          )}
          <form onSubmit={send} noValidate aria-label={cert ? T.certReplace : T.certSend}>
            <Stack gap="3" borderTopWidth="1px" pt="4">
              <Field.Root invalid={Boolean(fileError)}>
                <Field.Label htmlFor={fileId}>{T.certFile}</Field.Label>
                {/* The native picker names its button in the browser's language: ours says it in pt-BR. */}
                <HStack gap="3" minW="0" w="full" position="relative">
                  <input
                    id={fileId}
                    ref={fileInput}
                    type="file"
                    name="certificate-file"
                    accept=".pfx,.p12,application/x-pkcs12"
                    style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                    onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
                  />
                  <Button variant="outline" size="sm" flexShrink={0} onClick={() => fileInput.current?.click()}>
                    {T.certChoose}
                  </Button>
                  <Text textStyle="sm" color={file ? undefined : 'fg.muted'} truncate minW="0">
                    {file?.name ?? T.certNoFile}
                  </Text>
                </HStack>
                <Field.ErrorText>{fileError}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(passwordError)}>
                <Field.Label>{T.certPassword}</Field.Label>
                <Input
                  name="certificate-password"
                  type="password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setPasswordError(null);
                  }}
                  autoComplete="off"
                  maxLength={200}
                  maxW={{ md: '20rem' }}
                />
                <Field.ErrorText>{passwordError}</Field.ErrorText>
              </Field.Root>
              {(formError || !online) && (
                <Text color={formError && online ? 'fg.error' : 'fg.muted'} textStyle="sm" role="status">
                  {formError ?? T.certOffline}
                </Text>
              )}
              <Box>
                <Button type="submit" colorPalette="blue" loading={sending} loadingText={T.certSending} disabled={!online}>
                  {cert ? T.certReplace : T.certSend}
                </Button>
              </Box>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing}
        title={T.certRemoveTitle}
        message={T.certRemoveMessage}
        confirmLabel={T.certRemoveConfirm}
        busyLabel={T.certRemoving}
        destructive
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      />
    </Card.Root>
  );
}
