// DO NOT EDIT. Generated from spec/ by scripts/generate.mjs (pnpm generate).

/** The operations the spec marks public (`security: []`): callable without a token. */
export type PublicOperationId =
  | 'completeSAMLSignIn'
  | 'downloadExportedPdf'
  | 'downloadStorageFile'
  | 'fetchIntegrationInstallationPublicEndpoint'
  | 'fetchIntegrationInstallationPublicEndpointPath'
  | 'getApiInformation'
  | 'getPublicOpenAPISpec'
  | 'getSAMLServiceProviderMetadata'
  | 'postIntegrationInstallationPublicEndpoint'
  | 'postIntegrationInstallationPublicEndpointPath'
  | 'receiveSpaceGitWebhook'
  | 'startSAMLSignIn'
  | 'uploadStorageFile';
