// DO NOT EDIT. Generated from spec/ by scripts/generate.mjs (pnpm generate).

export interface paths {
    "/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get information about the API */
        get: operations["getApiInformation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /** Get a collection by its ID */
        get: operations["getCollectionById"];
        put?: never;
        post?: never;
        /**
         * Delete a collection
         * @description Collection admins only. Deletes the collection and the collections nested in it; every space they hold is
         *     moved to the trash (it carries `deletedAt` and can be restored for 7 days, at the top level of the
         *     organization). Answers 204 also when the collection did not exist.
         */
        delete: operations["deleteCollectionById"];
        options?: never;
        head?: never;
        /**
         * Update a collection
         * @description Updates the given fields of the collection; omitted fields are left unchanged.
         */
        patch: operations["updateCollectionById"];
        trace?: never;
    };
    "/v1/collections/{collectionId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a collection
         * @description Moves the collection under another parent collection (`parent`; `null` for the organization root) and/or to a position among its siblings. Answers 400 for an invalid position or parent (e.g. a descendant of the collection), 409 when the move would change nothing.
         */
        post: operations["moveCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite users and teams to a collection
         * @description Collection admins only. Grants `role` on the collection (and the content it holds) to the given users and/or teams of its organization; `null` removes their grant. Answers 404 when a user is not a member of the organization or a team is not one of its teams.
         */
        post: operations["inviteToCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /**
         * List every user's role on the collection
         * @description Admins of the collection only. Every member of the organization who has a role on the collection, with that role as
         *     the permission model computes it (docs/permissions.md): the highest of their organization role, the roles
         *     granted to them or to their teams on the collection and on the collections above it, and the default levels. Disabled members and
         *     guests without a grant are not listed. By display name.
         */
        get: operations["listPermissionsAggregateInCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /**
         * List the teams granted a role on the collection
         * @description Admins of the collection only. The roles granted to teams on the collection itself, by team title.
         */
        get: operations["listTeamPermissionsInCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a team on the collection
         * @description Admins of the collection only. Removes the role granted to the team on the collection itself; 204 also when it had none.
         */
        delete: operations["removeTeamFromCollection"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a team on the collection
         * @description Admins of the collection only. Grants `role` on the collection to the team, a team of its organization (404
         *     otherwise), replacing the role granted before; `null` removes the grant.
         */
        patch: operations["updateTeamPermissionInCollection"];
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /**
         * List the users granted a role on the collection
         * @description Admins of the collection only. The roles granted to users on the collection itself (`POST …/permissions`,
         *     `PATCH …/permissions/users/{userId}`), by display name. Roles that come from the organization, from a team, from
         *     a collection above or from default levels are in `…/permissions/aggregate`.
         */
        get: operations["listUserPermissionsInCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/permissions/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a user on the collection
         * @description Admins of the collection only. Removes the role granted to the user on the collection itself; they keep what their
         *     organization role, their teams, the collections above and the default levels give them. 204 also when the user
         *     had no grant.
         */
        delete: operations["removeUserFromCollection"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a user on the collection
         * @description Admins of the collection only. Grants `role` on the collection to the user, a member of its organization (404
         *     otherwise), replacing the role granted before; `null` removes the grant (as `POST …/permissions` does).
         */
        patch: operations["updateUserPermissionInCollection"];
        trace?: never;
    };
    "/v1/collections/{collectionId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /** List all spaces of a collection */
        get: operations["listSpacesInCollectionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{collectionId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer a collection to another organization
         * @description Moves the collection and its content (nested collections and spaces) to the top level of another organization; the caller must be an admin of both organizations. Grants on the moved content are removed. Answers 409 when the collection already belongs to that organization, 412 when it cannot be moved.
         */
        post: operations["transferCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-hostnames/{hostname}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site's custom hostname, e.g. `docs.example.com`. */
                hostname: components["parameters"]["Hostname"];
            };
            cookie?: never;
        };
        /**
         * Get a custom hostname
         * @description The site whose custom hostname this is, for callers who may read that site (404 otherwise, as for a name no
         *     site has).
         */
        get: operations["getCustomHostname"];
        put?: never;
        post?: never;
        /**
         * Remove a custom hostname
         * @description Callers who may change the site (the create role on it). The site no longer has a custom hostname (as
         *     `PATCH …/sites/{siteId} {hostname: null}`): requests with that `Host` no longer reach it, its `urls.published` is
         *     on this server again. 404 for a name no site the caller sees has.
         */
        delete: operations["removeCustomHostname"];
        options?: never;
        head?: never;
        /**
         * Revalidate a custom hostname's DNS
         * @description Callers who may change the site (the create role on it). Bindery keeps no DNS or certificate state for custom
         *     hostnames (it serves the site to any request whose `Host` is the name), so there is nothing to recheck: 204. 400
         *     while the site is not published (GitBook's "inactive hostname").
         */
        patch: operations["dnsRevalidateCustomHostname"];
        trace?: never;
    };
    "/v1/email-domains/{emailDomain}/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An email domain, e.g. `example.com`. */
                emailDomain: components["parameters"]["EmailDomain"];
            };
            cookie?: never;
        };
        /**
         * List the organizations that accept an email domain
         * @description The organizations whose `emailDomains` contain the domain. The caller must own an email in that domain
         *     (or be the instance administrator); otherwise the list is empty.
         */
        get: operations["getOrganizationsForEmailDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/pdf/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed, expiring export token (with, when made for a site API token, its visitor's claims) from the `url` of `GET .../change-requests/{changeRequestId}/pdf`. */
                token: components["parameters"]["ExportToken"];
            };
            cookie?: never;
        };
        /**
         * Download an exported PDF
         * @description Bindery extension: the `url` answered by `GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf` and
         *     `GET /v1/spaces/{spaceId}/pdf`. The token in the path is the credential (no `Authorization` needed), so the URL
         *     can be opened in a browser; it expires one hour after it was made. The PDF is rendered from the change
         *     request's content (or the space's current content) at download time: its pages in order (or the one page the
         *     URL was made for), with an outline.
         */
        get: operations["downloadExportedPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all integrations
         * @description Lists the integrations visible to the caller (public ones, and those of its organizations), with optional filters.
         */
        get: operations["listIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * Get an integration by its name
         * @description Returns the integration. Answers 404 when no integration visible to the caller has that name.
         */
        get: operations["getIntegrationByName"];
        put?: never;
        /**
         * Publish an integration
         * @description Creates the integration `integrationName`, or publishes a new version of it (its `version` is incremented). Answers 404 when `organization` matches no organization.
         */
        post: operations["publishIntegration"];
        /**
         * Unpublish an integration
         * @description Deletes the integration and its installations. Answers 204 also when the integration did not exist.
         */
        delete: operations["unpublishIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/dev": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Enable the development mode of an integration
         * @description Dispatches the events of the integration to `tunnelUrl` instead of its script; with `all`, the events of every organization are forwarded, not only those of the owning organization.
         */
        put: operations["setIntegrationDevelopmentMode"];
        post?: never;
        /**
         * Disable the development mode of an integration
         * @description Events are delivered to the integration's script again. Answers 205 (also when development mode was off).
         */
        delete: operations["disableIntegrationDevelopmentMode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /** List all events of an integration */
        get: operations["listIntegrationEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the event. */
                eventId: components["parameters"]["EventId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /** Get an event of an integration */
        get: operations["getIntegrationEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /** List all installations of an integration */
        get: operations["listIntegrationInstallations"];
        put?: never;
        /**
         * Install an integration on an organization
         * @description Installs the integration on the organization. Answers 404 when the integration or the organization does not exist, 409 when the integration is already installed there.
         */
        post: operations["installIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * Get an installation of an integration
         * @description Visible to the admins of the installation's organization, to the integration's owners and to the installation's own token.
         */
        get: operations["getIntegrationInstallationById"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration from an organization
         * @description Removes the installation, its space and site installations and its tokens (they stop working at once), and
         *     records an `installation_deleted` event. Answers 204 also when the installation did not exist.
         */
        delete: operations["uninstallIntegration"];
        options?: never;
        head?: never;
        /**
         * Update an installation of an integration
         * @description Changes the external ids, the configuration, or which spaces and sites the installation covers
         *     (`space_selection`, `site_selection`: `all`, or only those bound with `POST .../spaces` and `.../sites`).
         *     A change of configuration or selection records an `installation_setup` event with the previous state.
         */
        patch: operations["updateIntegrationInstallation"];
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/public": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * Call the public endpoint of an installation (GET)
         * @description Bindery extension: the installation's `urls.publicEndpoint` (webhooks, OAuth callbacks, pages the
         *     integration serves). The request is delivered to the integration's script (or development tunnel) as a
         *     `fetch` event, with no token needed, and the script's response is answered as it is, with the
         *     integration's `contentSecurityPolicy` as the `Content-Security-Policy` header. Query strings are passed on
         *     in the event's `request.url`. Answers 502 when the script fails (its trace is in the event).
         */
        get: operations["fetchIntegrationInstallationPublicEndpoint"];
        put?: never;
        /**
         * Call the public endpoint of an installation (POST)
         * @description Bindery extension: as the GET, with the request body (any content type, up to the upload limit) passed to
         *     the script as the body of the `fetch` event's request.
         */
        post: operations["postIntegrationInstallationPublicEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/public/{requestPath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /**
                 * @description The rest of the path of the request, handed to the integration script with the `fetch` event (e.g.
                 *     `webhooks/github`). The slashes need not be encoded.
                 */
                requestPath: components["parameters"]["IntegrationRequestPath"];
            };
            cookie?: never;
        };
        /**
         * Call the public endpoint of an installation (GET)
         * @description Bindery extension: the installation's `urls.publicEndpoint` (webhooks, OAuth callbacks, pages the
         *     integration serves). The request is delivered to the integration's script (or development tunnel) as a
         *     `fetch` event, with no token needed, and the script's response is answered as it is, with the
         *     integration's `contentSecurityPolicy` as the `Content-Security-Policy` header. Query strings are passed on
         *     in the event's `request.url`. Answers 502 when the script fails (its trace is in the event).
         */
        get: operations["fetchIntegrationInstallationPublicEndpointPath"];
        put?: never;
        /**
         * Call the public endpoint of an installation (POST)
         * @description Bindery extension: as the GET, with the request body (any content type, up to the upload limit) passed to
         *     the script as the body of the `fetch` event's request.
         */
        post: operations["postIntegrationInstallationPublicEndpointPath"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * List the sites of an installation
         * @description The sites the installation is enabled on.
         */
        get: operations["listIntegrationInstallationSites"];
        put?: never;
        /**
         * Install an integration on a site
         * @description Enables the installation on a site of its organization (the caller must be an admin of the site) and
         *     records a `site_installation_setup` event. Answers 409 when it is already enabled there.
         */
        post: operations["installIntegrationOnSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** Get the installation of an integration on a site */
        get: operations["getIntegrationSiteInstallation"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration from a site
         * @description Records a `site_installation_deleted` event. Answers 204 also when it was not installed there.
         */
        delete: operations["uninstallIntegrationFromSite"];
        options?: never;
        head?: never;
        /**
         * Update the installation of an integration on a site
         * @description Changes its external ids or configuration; a change of configuration records a `site_installation_setup` event with the previous one.
         */
        patch: operations["updateIntegrationSiteInstallation"];
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * List the spaces of an installation
         * @description The spaces the installation is enabled on.
         */
        get: operations["listIntegrationInstallationSpaces"];
        put?: never;
        /**
         * Install an integration on a space
         * @description Enables the installation on a space of its organization (the caller must be an admin of the space) and
         *     records a `space_installation_setup` event. Answers 409 when it is already enabled there.
         */
        post: operations["installIntegrationOnSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get the installation of an integration on a space */
        get: operations["getIntegrationSpaceInstallation"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration from a space
         * @description Records a `space_installation_deleted` event. Answers 204 also when it was not installed there.
         */
        delete: operations["uninstallIntegrationFromSpace"];
        options?: never;
        head?: never;
        /**
         * Update the installation of an integration on a space
         * @description Changes its external ids or configuration; a change of configuration records a `space_installation_setup` event with the previous one.
         */
        patch: operations["updateIntegrationSpaceInstallation"];
        trace?: never;
    };
    "/v1/integrations/{integrationName}/installations/{installationId}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a token for an installation
         * @description A temporary token acting as the installation (what `createInstallationClient` of the official client asks
         *     for). Callers: the integration's owners (admins of the publishing organization) and the installation's own
         *     token. Integration scripts also get one with each event (`environment.apiTokens.installation`).
         */
        post: operations["createIntegrationInstallationToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/render": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /**
         * Render a block of an integration (GET)
         * @description The same render as `renderIntegrationUiWithPost`, with the request in the query string, so that a render
         *     can be a plain GET (GitBook's form): `request` is the JSON body of the POST form compressed with lz-string's
         *     `compressToEncodedURIComponent`, at most 8,192 characters (which bounds what it decompresses to at a few
         *     megabytes). A `request` that does not decompress to JSON, or whose JSON is not a valid
         *     render request, is a 400 naming `/query/request` (and the field inside it). The caller must be able to read
         *     the space or site of `context`; the answer, headers and errors are those of the POST form.
         */
        get: operations["renderIntegrationUiWithGet"];
        put?: never;
        /**
         * Render a block of an integration
         * @description Delivers a `ui_render` event (the block fetch event) to the integration's script, or to its development
         *     tunnel, and answers what it rendered (a ContentKit element). The installation is the one of the organization
         *     of `context.spaceId` (or `context.siteId`) that covers it; the caller must be able to read that space or site.
         *     The response carries the integration's `contentSecurityPolicy` as the `Content-Security-Policy` header.
         *     Answers 502 when the script fails (its trace is in the event).
         */
        post: operations["renderIntegrationUiWithPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /** List all sites an integration is installed on */
        get: operations["listIntegrationSiteInstallations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        /** List all spaces an integration is installed on */
        get: operations["listIntegrationSpaceInstallations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integrationName}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a task for an integration
         * @description Records a `task` event (`{eventId, type: "task", task}`) for the integration and queues its delivery to the
         *     integration's script (or its development tunnel) `schedule` seconds from now (0, the default, as soon as a
         *     worker is free; at most a day). The delivery is the one of every event: retried with backoff when the script
         *     fails in a way that may pass, with its trace in `GET …/events/{eventId}`. The event belongs to no
         *     installation (as on GitBook): a task that concerns one carries its id in `task`.
         *
         *     Only the integration itself calls this: its integration token (`environment.apiTokens.integration`) or an
         *     installation token of it. A user who can see the integration, or another integration's token, is refused with 403;
         *     an integration the caller cannot see is 404.
         */
        post: operations["queueIntegrationTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{organizationId}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the import runs of an organization
         * @description The import runs into the spaces the caller may see, most recent first.
         */
        get: operations["listImportRuns"];
        put?: never;
        /**
         * Start a content import
         * @description Editors of the target space (or change request). Answers at once with the run (`pending`); a durable job then
         *     imports the content as one revision. Watch it with `getImportRun`. The older `…/content/import` endpoints start
         *     the same job and answer when it is done.
         */
        post: operations["startImportRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{organizationId}/imports/{importRunId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the import run. */
                importRunId: components["parameters"]["ImportRunId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an import run
         * @description The run, its status and progress; 404 unless the caller may see its space.
         */
        get: operations["getImportRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{organizationId}/imports/{importRunId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the import run. */
                importRunId: components["parameters"]["ImportRunId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an import run
         * @description Editors of the target. A `pending` or `in-progress` run becomes `cancelled` and commits nothing (a run already
         *     committing finishes first: it is then `completed`); a finished run answers 400.
         */
        post: operations["cancelImportRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organizations of the authenticated user */
        get: operations["listOrganizationsForAuthenticatedUser"];
        put?: never;
        /**
         * Create an organization
         * @description The caller becomes its first member, with the `admin` role.
         */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** Get an organization by its id */
        get: operations["getOrganizationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an organization
         * @description Organization admins only. Omitted fields are unchanged; `defaultContent` and `logo` are removed with `null`.
         */
        patch: operations["updateOrganizationById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/audit-event-actions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List organization audit event actions
         * @description The actions Bindery records in the organization's audit log, with their labels. Only the organization's admins may read it (403 for members with another role, 404 for guests and non-members).
         */
        get: operations["listOrganizationAuditEventActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List organization audit events
         * @description The recorded changes of the organization, newest first. Only the organization's admins may read it (403 for members with another role, 404 for guests and non-members). `limit` defaults to 20 as GitBook's (GitBook allows up to 100; Bindery up to 1000, as every list).
         */
        get: operations["listOrganizationAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/audit-events/{auditEventId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the audit event. */
                auditEventId: string;
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an organization audit event
         * @description One recorded change with its payload. Only the organization's admins may read it (403 for members with another role, 404 for guests and non-members, and for an event of another organization).
         */
        get: operations["getOrganizationAuditEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/change-requests": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the change requests of an organization
         * @description Lists the change requests of all the spaces of the organization that the caller can access.
         */
        get: operations["listChangeRequestsForOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all collections of an organization */
        get: operations["listCollectionsInOrganizationById"];
        put?: never;
        /**
         * Create a collection
         * @description Creates a collection at the root of the organization, or in `parent`.
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the organization's custom fonts
         * @description By family name. Members with a role in the organization.
         */
        get: operations["listCustomFonts"];
        /**
         * Create a custom font
         * @description A font family from uploaded font files (`generateStorageUploadURL` with `kind: customization_font`, then the
         *     upload), one per weight; weight 400 (regular) is required, and each file is a font of this organization that has
         *     been uploaded (else a 400 naming `/body/fontFaces/<i>/storageKey`). The create role in the organization.
         */
        put: operations["createCustomFont"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/fonts/{fontId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of a custom font. */
                fontId: components["parameters"]["FontId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** Get a custom font */
        get: operations["getCustomFont"];
        put?: never;
        /**
         * Change a custom font
         * @description `fontFamily` renames it; each of `fontFaces` sets the file of its weight (`storageKey`) or removes the weight
         *     (`null`). Weight 400 cannot be removed. Answered 201 with the font, as GitBook does. Published sites using the
         *     font show the change on their next page. The create role in the organization.
         */
        post: operations["updateCustomFont"];
        /**
         * Delete a custom font
         * @description 205 when deleted, 204 when there was no such font (as GitBook). Sites whose customization uses it fall back to
         *     the default font. The create role in the organization.
         */
        delete: operations["deleteCustomFont"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the integration installations of an organization
         * @description The installations of integrations on the organization, each with its integration, by integration name. Admins
         *     of the organization.
         */
        get: operations["listOrganizationInstallations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the integrations available to an organization
         * @description Every public integration and the organization's own (private and unlisted ones too), by name, with the filters of
         *     `GET /v1/integrations`. Members with a role (guests: 403).
         */
        get: operations["listOrganizationIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/integrations/{integrationName}/installation_status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * Get the status of an integration's installation in an organization
         * @description The status of the organization's installation of the integration (Bindery installs integrations `active` and
         *     has no pausing, so an installation is always `active`). 404 when the integration is not installed in the
         *     organization or the caller cannot see it. Members with a role (guests: 403).
         */
        get: operations["getOrganizationIntegrationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/integrations/installations-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the installations of an organization's integrations with their status
         * @description `target=organization` (the default): the organization's installations. `target=space`: the installations on
         *     spaces — one item per space an installation is enabled on by selection; with `space`, every installation that
         *     covers that space (installed on all spaces, or on it). `target=site`: the same for sites and `site`. Each item is
         *     the installation's status (`active`: Bindery has no pausing), its integration and its target; by integration name.
         *     Members with a role (guests: 403); `space` and `site` need read access to them. `space` without `target=space`
         *     (or `site` without `target=site`) is a 400.
         */
        get: operations["listOrganizationIntegrationsStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite users in an organization
         * @description Organization admins only. Each email that belongs to a user of this Bindery instance is added as a member at once
         *     (with the role given for that email, else `role`, else the organization's `defaultRole`); users already members keep
         *     their role. Emails unknown to the instance are answered with 400 naming them: Bindery sends no email.
         */
        post: operations["inviteUsersToOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join an organization with an invite link
         * @description A link to the organization: the caller becomes a member with the invite's role (an existing member keeps their
         *     role). A link to a space or collection: the caller becomes a member if they were not (a guest, no role) and is
         *     granted the link's `level` on it, unless they already have at least that level there (then nothing changes).
         *     Joining again changes nothing. 403 while the organization's `inviteLinks` is false (every link stops until it is
         *     turned back on). 404 for an invite the organization does not have (deleted, or its space or
         *     collection deleted for good); 410 when the link's space is in the trash (it works again if the space is
         *     restored).
         */
        post: operations["joinOrganizationWithInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/join": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join an organization through its email domains
         * @description The caller joins with the organization's `defaultRole` when the domain of their email is one of the organization's
         *     `emailDomains`. Otherwise 403. Already a member: 204, nothing changes.
         */
        post: operations["joinOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/link-invites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the invite links of an organization
         * @description Without `space` or `collection`: the organization's invite links to the organization (`InviteLinkToOrganization`,
         *     as GitBook's list answers), for organization admins only (403 for other members, 404 for who is not a member).
         *     With `space` (or `collection`), a Bindery extension: the invite links to that space (or collection), for its
         *     admins (GitBook's `viewInviteLinks`; organization admins are admins of all content): 404 naming the parameter for
         *     a space or collection the caller cannot see or that is not of this organization, 403 below admin. Newest first.
         */
        get: operations["listOrganizationInviteLinks"];
        put?: never;
        /**
         * Create an invite link
         * @description One of three forms, as GitBook's `CreateOrganizationInvite`:
         *     - `{role}`: a link to the organization; whoever joins becomes a member with `role` (a role, or `null`: a guest).
         *       Organization admins only.
         *     - `{level, space}`: a link to a space of the organization; whoever joins becomes a member (a guest when they were
         *       not one; a member keeps their role) and is granted `level` on the space (as `inviteToSpace`; a higher grant
         *       they already hold is kept). Admins of the space (organization admins are admins of all content).
         *     - `{level, collection}`: the same for a collection (and so for what it holds). Admins of the collection.
         *
         *     Only while the organization's `inviteLinks` is true (403 otherwise). `level` is a role (`null` is a 400: a link
         *     to content gives a role on it). Mixing the forms (`role` with `level`, `space` with `collection`, `level` alone)
         *     is a 400 naming the field. A space or collection that does not exist, that the caller cannot see, that is not of
         *     this organization, or a space in the trash is a 404 naming `/body/space` or `/body/collection`. Nothing is
         *     created on a refusal.
         */
        post: operations["createOrganizationInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/link-invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an invite link
         * @description Organization admins, and for a link to a space or collection the admins of that space or collection (403 for other members, 404 for who is not a member); 404 for an invite the organization does not have.
         */
        get: operations["getOrganizationInviteLink"];
        put?: never;
        post?: never;
        /**
         * Delete an invite link
         * @description Organization admins, and for a link to a space or collection the admins of that space or collection. The link stops working. Answers 204 also when the invite did not exist.
         */
        delete: operations["deleteOrganizationInviteById"];
        options?: never;
        head?: never;
        /**
         * Change the role an invite link gives
         * @description Whoever joins with the link from now on gets the new role (members who joined with it before keep theirs).
         *     A link to the organization takes `{role}` (organization admins only); a link to a space or collection takes
         *     `{level}` (a role, not `null`; admins of the space or collection). The other field is a 400 naming it, as is a
         *     body with neither or both. Nothing is changed on a refusal.
         */
        patch: operations["updateOrganizationInviteById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List the members of an organization */
        get: operations["listMembersInOrganizationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /** Get a member of an organization */
        get: operations["getMemberInOrganizationById"];
        put?: never;
        post?: never;
        /**
         * Remove a member from an organization
         * @description Organization admins may remove anyone; a member may remove themself (leave). The last admin cannot be removed (409).
         *     Answers 204 also when the user was not a member. The member's team memberships and grants go with them.
         */
        delete: operations["removeMemberFromOrganizationById"];
        options?: never;
        head?: never;
        /**
         * Change the role of a member
         * @description Organization admins only. The last admin cannot be demoted (409).
         */
        patch: operations["updateMemberInOrganizationById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/members/{userId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /**
         * List the spaces a member can access
         * @description Each item gives the member's effective role on the space and the space.
         */
        get: operations["listSpacesForOrganizationMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/members/{userId}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a user an SSO member of the organization
         * @description Organization admins only. Adds the user (with the organization's default role) if needed and marks the membership `sso`.
         */
        post: operations["setUserAsSsoMemberForOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/members/{userId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /** List the teams of a member */
        get: operations["listTeamsForOrganizationMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all OpenAPI specs of an organization */
        get: operations["listOpenAPISpecs"];
        put?: never;
        /**
         * Create an OpenAPI spec
         * @description Stores an OpenAPI specification (OpenAPI 3.0, 3.1 or Swagger 2.0, as JSON or YAML) under `slug`, from a URL
         *     or from its text, and queues its processing (`processingState: pending`): a durable job fetches the URL
         *     through the server's SSRF guard, parses and validates the document (and the documents it references by URL)
         *     and makes a new version when the content differs from the latest one. The slug is stored in lower case.
         *     Answers 409 when the organization already has a spec with that slug, 413 when the text is larger than the
         *     specification size limit (`BINDERY_OPENAPI_MAX_BYTES`, 20 MB by default).
         */
        post: operations["createOpenAPISpec"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /** Get an OpenAPI spec by its slug */
        get: operations["getOpenAPISpecBySlug"];
        /**
         * Create or update an OpenAPI spec
         * @description Creates the spec `specSlug` from `source` when it does not exist (201), or gives the existing spec this source
         *     and processes it again (200). PUT with the same `{url}` re-fetches the URL on demand; a new version is made
         *     only when the content changed. 413 when the text is larger than the specification size limit.
         */
        put: operations["createOrUpdateOpenAPISpecBySlug"];
        post?: never;
        /**
         * Delete an OpenAPI spec
         * @description Deletes the spec and its versions. Answers 204 also when the spec did not exist. API reference pages that use it render a notice that the spec is missing.
         */
        delete: operations["deleteOpenAPISpecBySlug"];
        options?: never;
        head?: never;
        /** Update the visibility of an OpenAPI spec */
        patch: operations["updateOpenAPISpecBySlug"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/public": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /**
         * Download a public OpenAPI spec
         * @description Bindery extension: the `urls.published` of a spec whose visibility is `public` (and the `urls.public` of its
         *     content). Needs no `Authorization`; answers the raw text of the latest version, as JSON or YAML as it was
         *     submitted. 404 when the spec does not exist, is private or has no version yet.
         */
        get: operations["getPublicOpenAPISpec"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /**
         * List the versions of an OpenAPI spec
         * @description The versions of the spec, newest first.
         */
        get: operations["listOpenAPISpecVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
                /** @description The id of a version of the OpenAPI specification. */
                versionId: components["parameters"]["SpecVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get a version of an OpenAPI spec
         * @description One version of the spec by its id.
         */
        get: operations["getOpenAPISpecVersionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
                /** @description The id of a version of the OpenAPI specification. */
                versionId: components["parameters"]["SpecVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get the content of a version of an OpenAPI spec
         * @description Every document of the version, parsed.
         */
        get: operations["getOpenAPISpecVersionContentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /**
         * Get the latest version of an OpenAPI spec
         * @description 404 when the spec has no version yet (never processed successfully).
         */
        get: operations["getLatestOpenAPISpecVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /**
         * Get the content of the latest version of an OpenAPI spec
         * @description Every document of the latest version, parsed. 404 when the spec has no version yet.
         */
        get: operations["getLatestOpenAPISpecVersionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content/raw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        /**
         * Get the raw text of the latest version of an OpenAPI spec
         * @description The entry document exactly as it was submitted or fetched. 404 when the spec has no version yet.
         */
        get: operations["getLatestOpenAPISpecVersionContentRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark the caller as seen in the organization
         * @description Sets the caller's `lastSeenAt` and returns `serviceVisitorClaims`, a signed JWT (HS256) carrying the caller's
         *     identity and role in the organization, which can be attached to visitors of `visitor-auth` content.
         */
        post: operations["updateOrganizationMemberLastSeenAt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/saml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all SAML providers of an organization */
        get: operations["listSAMLProvidersInOrganizationById"];
        put?: never;
        /**
         * Create a SAML provider
         * @description Creates a SAML provider; it is `pending` until `entityID`, `certificate` and `ssoURL` are all set, then `active`.
         */
        post: operations["createOrganizationSAMLProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/saml/{samlProviderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        /** Get a SAML provider by its ID */
        get: operations["getOrganizationSAMLProviderById"];
        put?: never;
        post?: never;
        /**
         * Delete a SAML provider
         * @description Deletes the provider. Answers 204 also when the provider did not exist.
         */
        delete: operations["deleteOrganizationSAMLProvider"];
        options?: never;
        head?: never;
        /**
         * Update a SAML provider
         * @description Updates the given fields of the provider; omitted fields are left unchanged.
         */
        patch: operations["updateOrganizationSAMLProvider"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * Search the content of an organization
         * @description Searches the spaces of the organization that the caller can access; results are grouped by space.
         */
        get: operations["searchOrganizationContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all sites of an organization */
        get: operations["listSites"];
        put?: never;
        /**
         * Create a site
         * @description Creates an unpublished site, optionally publishing the given spaces as its site spaces. Publish it with `publishSite`.
         */
        post: operations["createSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** Get a site by its ID */
        get: operations["getSiteById"];
        put?: never;
        post?: never;
        /**
         * Delete a site
         * @description Deletes the site with its sections, section groups and site spaces (the spaces themselves are kept). Answers 204 also when the site did not exist.
         */
        delete: operations["deleteSiteById"];
        options?: never;
        head?: never;
        /**
         * Update a site
         * @description Updates the given fields of the site; omitted fields are left unchanged. `proxy: null` removes the proxy.
         */
        patch: operations["updateSiteById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the visitor attributes schema of a site
         * @description Returns the JSON schema of the visitor attributes that adaptive content conditions of the site can use. Answers 404 when the site has none.
         */
        get: operations["getSiteAdaptiveSchema"];
        /**
         * Set the visitor attributes schema of a site
         * @description Replaces the JSON schema of the visitor attributes of the site. Answers 400 when `jsonSchema` is not a valid visitor schema.
         */
        put: operations["updateSiteAdaptiveSchema"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** List condition templates of a site */
        get: operations["listSiteAdaptiveTemplateConditions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/customization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the customization of a site
         * @description The customization of the published site (title, styling, header, footer, announcement and features). Until one is
         *     set with PUT, GitBook's defaults titled after the site. Members with a role may read it.
         */
        get: operations["getSiteCustomizationById"];
        /**
         * Update the customization of a site
         * @description Replaces the customization of the site (needs the create role). Site spaces with overrides keep them: their
         *     customization is this one with their overriding sections on top.
         */
        put: operations["updateSiteCustomizationById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/external-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an external link to a site's navigation
         * @description The create role on the site. At the site's root, or in the section group `parent`, after the sections, groups
         *     and links there. Only sites with sections have external links (400 otherwise); they cannot be inside a
         *     section. Draft links and links whose condition is false for the visitor are left out of the published structure.
         */
        post: operations["addExternalLinkToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site external link. */
                siteExternalLinkId: components["parameters"]["SiteExternalLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an external link of a site
         * @description The create role on the site. 205 when it was deleted, 204 when there was no such link (GitBook's answers).
         */
        delete: operations["deleteSiteExternalLinkById"];
        options?: never;
        head?: never;
        /**
         * Update an external link of a site
         * @description The create role on the site. Omitted fields are unchanged, `null` removes `description`, `icon` and
         *     `condition`; `parent` moves the link into a section group (at its end), `null` to the site's root.
         */
        patch: operations["updateSiteExternalLinkById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the page feedback of a published site
         * @description Bindery extension (GitBook shows it in its insights). Every rating visitors gave with the form under the site's
         *     pages while its customization had `feedback.enabled`, newest first, with the comment added after it. For members
         *     who see the site (404 otherwise). `pageId` keeps one page's, `rating` one rating's.
         */
        get: operations["listSitePageFeedback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/insights/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Track site events
         * @description Records events of the site's Insights posted by a renderer or an integration (the published site records its own
         *     server-side). For members who may edit the site (403 for those who only see it, 404 otherwise). At most 500
         *     events a call, each with a `timestamp` (default now) within 5 minutes of the server's clock; an event missing
         *     what its type needs is a 400 naming the field, and then none of the batch is recorded.
         */
        post: operations["trackEventsInSiteById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query a site's analytics events
         * @description Groups and counts the site's Insights events over a time range (preset or `{from, to}`): `select` the columns
         *     answered (default: the `groupBy` columns and `eventsCount`), `where` the conditions, `groupBy` (a selected column
         *     that is not an aggregate is grouped by too), `order` (default: the first aggregate descending, then the groups),
         *     `limit` rows (1-1000). `datetime` buckets by `interval` (`hour`, `day`, `week` from Monday, `month`; UTC; the
         *     bucket's start). A 404 is a `page_view` whose `page` is null. Events recorded by the published site are stored
         *     within about a second. For members who see the site (404 otherwise).
         */
        post: operations["aggregateSiteEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the integrations enabled on a site
         * @description The integrations installed in the organization whose installation covers the site (all sites, or installed on
         *     this one), by name. Whoever may read the site.
         */
        get: operations["listSiteIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite users and teams to a site
         * @description Admins of the site only. Grants `role` on the site to the given members and teams of its organization (at
         *     least one of `users`, `teams`); `null` removes their grants. A site grant decides what its holder may do
         *     with the site through the API (docs/permissions.md, "Sites"): any role reads it, `create` or above changes
         *     it, `admin` manages its permissions; it gives nothing on the spaces the site publishes. 404 when a user is not a
         *     member of the organization or a team not one of its teams.
         */
        post: operations["inviteToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List every user's role on the site
         * @description Admins of the site only. Every member of the organization with a role on the site: the higher of their
         *     organization role and the roles granted on the site to them or to a team they are in, and its `origin`
         *     (`organization`, or `site` with `reason` `member` or `team` when a grant raises it). Guests without a grant and
         *     disabled members are not listed.
         */
        get: operations["listPermissionsAggregateInSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the teams granted a role on the site
         * @description Admins of the site only. The roles granted to teams on the site, by team title.
         */
        get: operations["listTeamPermissionsInSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a team on the site
         * @description Admins of the site only. Removes the role granted to the team on the site; 204 also when there was none.
         */
        delete: operations["removeTeamFromSite"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a team on the site
         * @description Admins of the site only. Grants `role` on the site to the team, a team of its organization (404 otherwise), replacing the
         *     role granted before; `null` removes the grant.
         */
        patch: operations["updateTeamPermissionInSite"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the users granted a role on the site
         * @description Admins of the site only. The roles granted to users on the site (`POST …/permissions`,
         *     `PATCH …/permissions/users/{userId}`), by display name. Roles from the organization or a team are in
         *     `…/permissions/aggregate`.
         */
        get: operations["listUserPermissionsInSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a user on the site
         * @description Admins of the site only. Removes the role granted to the user on the site; 204 also when there was none.
         */
        delete: operations["removeUserFromSite"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a user on the site
         * @description Admins of the site only. Grants `role` on the site to the user, a member of its organization (404 otherwise), replacing the
         *     role granted before; `null` removes the grant.
         */
        patch: operations["updateUserPermissionInSite"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a site
         * @description Publishes the site: `published` becomes true and the site is reachable by the audience set by its `visibility`. Publishing a published site changes nothing. Returns the site.
         */
        post: operations["publishSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/published": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the published profile of a site
         * @description Returns everything needed to render the published site: the site, its structure, its customizations and its scripts.
         */
        get: operations["getPublishedContentSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the visitor authentication of a site
         * @description GitBook's form of `GET …/visitor-auth` (the same settings). Needs the create role on the site (403 below, 404 for who cannot see the site).
         */
        get: operations["getSitePublishingAuthById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the visitor authentication of a site
         * @description GitBook's form of `PUT …/visitor-auth`. `backend` is `custom` (Bindery has no authenticated-access integrations:
         *     `integration` is a 400); `fallbackURL` an http(s) URL, or null for none (visitors without a valid token then get
         *     a 401 page); omitted, it is left as it is. GitBook's `logoutURL` is not accepted (Bindery's published sites have
         *     no upstream sign-out). Needs the create role on the site.
         */
        patch: operations["updateSitePublishingAuthById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a new visitor token key for a site
         * @description GitBook's form of `PUT …/visitor-auth {rotateKey: true}`. A new signing key; tokens signed with the old one stop working at once (visitors holding one are asked to sign in again). Needs the create role on the site.
         */
        post: operations["regenerateSitePublishingAuthById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/publishing/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get a URL previewing the site as it would publish
         * @description `{url}`: the published site at its path on this server (`/sites/{siteId}/…`) with a signed `preview` token, valid
         *     for an hour without credentials: it opens the site as it would publish — also while it is unpublished, and
         *     without the share key or visitor token its visibility asks for (the token is kept in a cookie for the site's
         *     pages; pages are marked `noindex`). `siteSpace` opens that site space, `target` a URL of the site. The preview
         *     shows what is live, as the site publishes it: draft sections and site spaces are left out and `draft` changes
         *     nothing (the site shows its spaces' current content). `claims` (GitBook's
         *     Rison visitor attributes) is a 400: open the URL with `?claims=` or a visitor token instead. The create role on
         *     the site (who may publish it; 403 below, 404 for who cannot see it).
         */
        get: operations["getSitePublishingPreviewById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/redirect": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Resolve a redirect of a site by its source path
         * @description The live redirect the published site follows for a path (an exact source, else the longest wildcard source that
         *     prefixes it) and the URL it leads to. Open to whoever may read the published profile (members; anyone once the
         *     site is published and public or unlisted, or with an active share link's `shareKey`).
         */
        get: operations["getSiteRedirectBySource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/redirects": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the redirects of a site
         * @description Members who see the site. Live redirects, or drafts with `draft=true`; `search` keeps sources containing it
         *     (case-insensitive); `orderBy` `createdAt` (newest first, the default), `updatedAt` (most recently updated
         *     first) or `source` (alphabetical).
         */
        get: operations["listSiteRedirects"];
        /**
         * Create, update, delete or publish redirects of a site in bulk
         * @description Needs the create role. Up to 500 operations, applied in order in one transaction, each answered by its own result:
         *     an item with a `destination` creates or updates the redirect of its source (`intent` `live`, the default, or
         *     `draft`); `destination: null` deletes it; `intent: publish` makes the source's draft live (replacing the live
         *     one). An item that cannot be applied (a destination not in the site, nothing to delete or publish) is an `error`
         *     result; the others still apply.
         */
        put: operations["bulkUpsertSiteRedirects"];
        /**
         * Create a redirect of a site
         * @description Needs the create role. A source is unique per site among live redirects, and among drafts (409 otherwise). A
         *     `path` destination (a page by its path in a space the site publishes) is stored as a `site-page` destination;
         *     destinations must name a section, site space or page of the site (400 naming the field), external URLs http(s).
         */
        post: operations["createSiteRedirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site redirect. */
                siteRedirectId: components["parameters"]["SiteRedirectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a redirect of a site
         * @description Needs the create role.
         */
        delete: operations["deleteSiteRedirectById"];
        options?: never;
        head?: never;
        /**
         * Update a redirect of a site
         * @description Needs the create role. Only the fields given change; `draft: false` makes a draft live. A source (or draft state)
         *     that another redirect of the site already has is a 409.
         */
        patch: operations["updateSiteRedirectById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the content of a site
         * @description Full-text search of the spaces the site publishes, grouped by space as organization search is. `scope` picks
         *     the site spaces: `all` (the default), `specific` (`siteSpaceIds`), or `default` (the default site space of each
         *     section, or of the site's root, plus `currentSiteSpace`; `restrictTo: currentSiteSpace` keeps only that one,
         *     `otherSiteSpaces` only the others). GitBook's deprecated forms are accepted: `siteSpaceIds`, `mode: current` with
         *     `siteSpaceId`, `mode: all`. Whoever reads the site (members, site grants, anyone on a published public or unlisted
         *     site); the spaces searched are those the caller may read, or all of the chosen ones on a published public or
         *     unlisted site. A site space not of the site is a 400.
         */
        post: operations["searchSiteContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/search/prewarm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prewarm a site's search
         * @description Builds the published site's search index (what the site's `~search` reads: one index per space the site
         *     publishes, for its published revision) of every space of the site that has none yet, so that the searches
         *     that follow do not wait for it. Answers once the indexes are built (in slices: other requests are served
         *     meanwhile). The indexes are kept in the memory of the server process that answered (several processes behind
         *     one address each build their own, at their first search or prewarm) while they fit its cache, and a new
         *     published revision needs a new one. `X-Bindery-Search-Indexes` tells what was done. Whoever reads the site
         *     (members, site grants, anyone on a published public or unlisted site); 404 otherwise.
         */
        post: operations["prewarmSiteSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/section-groups": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** List all section groups of a site */
        get: operations["listSiteSectionGroups"];
        put?: never;
        /**
         * Add a section group to a site
         * @description Creates a section group at the site root, or in `parent`, and moves the given sections into it.
         */
        post: operations["addSectionGroupToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a section group
         * @description Deletes the section group; its sections move to the level of the group. Answers 204 also when the group did not exist.
         */
        delete: operations["deleteSiteSectionGroupById"];
        options?: never;
        head?: never;
        /** Update a section group */
        patch: operations["updateSiteSectionGroupById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a section group
         * @description Moves the section group before or after a section, a section group or an external link of the same level (the site's root, or the group's parent group), or to the end of that level when `position` is omitted. The group keeps its parent and its sections. Answers 400 naming the field for a position that names no item of that level.
         */
        post: operations["moveSiteSectionGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a section to a section group
         * @description Moves a section of the site into the group (GitBook API 0.130). Returns the group.
         */
        post: operations["addSectionToGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a section from a section group
         * @description Moves the section out of the group, to the site root (GitBook API 0.130). Answers 204 also when the section was not in the group.
         */
        delete: operations["removeSectionFromGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/sections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** List all sections of a site */
        get: operations["listSiteSections"];
        put?: never;
        /**
         * Add a section to a site
         * @description Creates a section whose first site space (variant) publishes `spaceId`.
         */
        post: operations["addSectionToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a section
         * @description Deletes the section with its site spaces (the spaces themselves are kept). Answers 204 also when the section did not exist.
         */
        delete: operations["deleteSiteSectionById"];
        options?: never;
        head?: never;
        /**
         * Update a section
         * @description Updates the given fields of the section; omitted fields are left unchanged. `condition: null` removes the condition.
         */
        patch: operations["updateSiteSectionById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a section
         * @deprecated
         * @description Moves the section before or after a sibling section. Deprecated in GitBook in favour of sortSiteStructure. Answers 400 for an invalid position.
         */
        post: operations["moveSiteSection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * List the share links of a site
         * @description Needs the create role (the links carry secret keys). Oldest first. `search` keeps the links whose name or key
         *     contains it (case-insensitive).
         */
        get: operations["listSiteShareLinks"];
        put?: never;
        /**
         * Create a share link for a site
         * @description Needs the create role. A new secret key, active at once: `urls.published` is the site's URL carrying it, which
         *     opens the published site (when its visibility is `share-link`) and the `shareKey` of the published profile reads.
         */
        post: operations["createSiteShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the share link. */
                shareLinkId: components["parameters"]["ShareLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a share link of a site
         * @description Needs the create role. The link's key stops opening the site at once.
         */
        delete: operations["deleteSiteShareLinkById"];
        options?: never;
        head?: never;
        /**
         * Update a share link of a site
         * @description Needs the create role. `active` false closes the site to the link's key at once (the link is kept and can be reopened).
         */
        patch: operations["updateSiteShareLinkById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /** List all site spaces of a site */
        get: operations["listSiteSpaces"];
        put?: never;
        /**
         * Add a space to a site
         * @description Publishes a space on the site, in `sectionId`, or in the default section (at the site root when the site has no sections). A site publishes spaces of its own organization only - a space transferred to another organization leaves the old organization's sites (409 when that happens while it is being added).
         */
        post: operations["addSpaceToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a site space
         * @description Removes the space from the site (the space itself is kept). Answers 204 also when the site space did not exist.
         */
        delete: operations["deleteSiteSpaceById"];
        options?: never;
        head?: never;
        /**
         * Update a site space
         * @description Updates the given fields of the site space; omitted fields are left unchanged. `condition: null` removes the condition.
         */
        patch: operations["updateSiteSpaceById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the customization of a site space
         * @description The site's customization with the site space's overrides merged in field by field (an override of
         *     `styling.primaryColor` changes that color only). Members with a role may read it.
         */
        get: operations["getSiteSpaceCustomizationById"];
        put?: never;
        post?: never;
        /**
         * Remove the customization overrides of a site space
         * @description The site space uses the site's customization again (needs the create role).
         */
        delete: operations["deleteSiteSpaceCustomizationById"];
        options?: never;
        head?: never;
        /**
         * Override the customization of a site space
         * @description Sets overrides of the site's customization for this site space (needs the create role), merged field by field
         *     into the earlier overrides: objects merge, other values and arrays replace, `null` removes an override (the
         *     site's value shows again); fields not given stay as they were. The published site shows the result.
         */
        patch: operations["overrideSiteSpaceCustomizationById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a site space
         * @description Copies the site space's space (as `POST /spaces/{spaceId}/duplicate` does: its content, page history and grants,
         *     titled "… (copy)", next to it) and publishes the copy in a new site space right after the original, in the same
         *     section, with the same condition, customization, `hidden` and `draft`. Needs the create role on the site and where
         *     the space is (403). `draft: true` is a 400 (the copy takes the original's `draft`; `PATCH {draft}` changes it).
         */
        post: operations["duplicateSiteSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a site space
         * @deprecated
         * @description Moves the site space before or after a sibling site space. Deprecated in GitBook in favour of sortSiteStructure. Answers 400 for an invalid position.
         */
        post: operations["moveSiteSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/structure": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the navigation structure of a site
         * @description The site's sections and section groups in their order, each section with its site spaces (`type: sections`),
         *     or its site spaces when it has no sections (`type: siteSpaces`): the `structure` of the published profile
         *     (`GET …/published`), readable by the same callers (members of the organization; others on a published site its
         *     visibility opens to them, a share-link site with `shareKey`).
         */
        get: operations["getSiteStructure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/structure/sort": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move an item of a site's structure
         * @description Moves a site space, section, section group or external link before or after another item of its level, or to the
         *     end of its level when `position` is omitted. Site spaces share a level with the site spaces of their section (or
         *     of the site's root); sections, section groups and external links share one per parent group (or the root). The
         *     item keeps its parent. A position naming no item of that level is a 400 naming the field; an item the site does
         *     not have is a 404. `Prefer: return=minimal` answers 204. Needs the create role on the site.
         */
        patch: operations["sortSiteStructure"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/template": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply the documentation template to a site
         * @description Fills an empty site (no site space, section, section group or external link) with a ready-to-edit start: a new
         *     space of the site's organization, titled after the site, whose first content is the built-in `product-docs`
         *     template (an overview, getting-started pages, guides, reference and FAQ pages, linked to each other; the same
         *     template `POST /v1/orgs/{organizationId}/spaces` takes as `template: {id: "product-docs"}`), published as the
         *     site's site space. One transaction: a refusal leaves no space. The site's customization is left as it is.
         *     `Location` names the new site space. Needs the create role on the site (403 below, 404 for who cannot see it)
         *     and the right to create content in the organization (403); a site with content is a 409.
         */
        post: operations["applyTemplateToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpublish a site
         * @description Bindery extension (GitBook's app can unpublish a site; the seed does not show an endpoint). `published` becomes
         *     false and the published site answers 404. Unpublishing an unpublished site changes nothing. Returns the site.
         */
        post: operations["unpublishSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sites/{siteId}/visitor-auth": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        /**
         * Get the visitor authentication settings of a site
         * @description Bindery extension. Needs the create role. The key that signs visitor tokens (HS256 JWTs) of a `visitor-auth`
         *     site, and where unauthenticated visitors are sent. A visitor opens the published site with `?jwt_token=<JWT>`;
         *     the token is kept in a cookie, and its claims are the visitor's signed claims for adaptive content.
         */
        get: operations["getSiteVisitorAuth"];
        /**
         * Update the visitor authentication settings of a site
         * @description Bindery extension. Needs the create role. `fallbackURL` is where visitors without a valid token are redirected
         *     (with `?location=<the page they asked for>`; null: they get a 401 page); `rotateKey: true` makes a new signing
         *     key (tokens signed with the old one stop working at once).
         */
        put: operations["updateSiteVisitorAuth"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the spaces of an organization
         * @description Lists the spaces of the organization that the caller can access. Deleted spaces are not listed.
         */
        get: operations["listSpacesInOrganizationById"];
        put?: never;
        /**
         * Create a space
         * @description Creates a space in the organization, at its top level or in the collection `parent`. The caller needs the
         *     `create` role in the organization (or on the collection). The new space has `private` visibility
         *     (`in-collection` in a collection) and `live` edit mode unless `editMode` says otherwise.
         */
        post: operations["createSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List the SSO sign-in options of an organization */
        get: operations["listSSOProviderLoginsInOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/storage/upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a URL to upload a file to
         * @description An upload URL for one file, valid for an hour and for one upload: `PUT` the file's bytes to `url` (no token
         *     needed: the URL is the credential), then refer to it by `key` — the font files of a custom font
         *     (`createCustomFont`, `updateCustomFont`). Only `kind: customization_font` is stored (a WOFF2 or WOFF font of at
         *     most 5 MiB, `type` `font/woff2` or `font/woff`): nothing in Bindery's API takes GitBook's other kinds of uploads
         *     (400 naming `/body/kind`). The create role in the organization (403 below it).
         */
        post: operations["generateStorageUploadURL"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all teams of an organization */
        get: operations["listTeamsInOrganizationById"];
        /**
         * Create a team
         * @description Creates a team in the organization (GitBook creates teams with PUT), optionally with initial members.
         */
        put: operations["createOrganizationTeam"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        /** Get a team */
        get: operations["getTeamInOrganizationById"];
        put?: never;
        post?: never;
        /**
         * Delete a team
         * @description Deletes the team; its members stay members of the organization. Answers 204 also when the team did not exist.
         */
        delete: operations["removeTeamFromOrganizationById"];
        options?: never;
        head?: never;
        /** Update a team */
        patch: operations["updateTeamInOrganizationById"];
        trace?: never;
    };
    "/v1/orgs/{organizationId}/teams/{teamId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        /** List all members of a team */
        get: operations["listTeamMembersInOrganizationById"];
        /**
         * Update the members of a team
         * @description Adds the users of `add`, removes those of `remove` and sets the team role of those in `memberships`. A user in both `add` and `remove` is removed.
         */
        put: operations["updateMembersInOrganizationTeam"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Add a member to a team
         * @description Adds the user to the team with `role` (default `member`), or updates its role when it is already a member.
         */
        put: operations["addMemberToOrganizationTeamById"];
        post?: never;
        /**
         * Remove a member from a team
         * @description Removes the user from the team. Answers 204 also when the user was not a member.
         */
        delete: operations["deleteMemberFromOrganizationTeamById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** List all translations of an organization */
        get: operations["listTranslations"];
        put?: never;
        /**
         * Create a translation
         * @description Creates a translation of a space into `language` (status `pending`); run it with `runTranslation`. A space has at most one translation into a language: a second one is a 409 naming the existing translation.
         */
        post: operations["createTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/translations-glossary": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /**
         * List the entries of the organization's translation glossary
         * @description The organization's glossary: terms and how each is said in other languages, applied by translation runs
         *     (docs/translations.md). Oldest first, or with `orderBy` by the term in that language (entries without one last).
         *     Members with a role in the organization.
         */
        get: operations["listGlossaryEntries"];
        /**
         * Change the translation glossary in one batch
         * @description Inserts, updates (the entry's translations are replaced) and deletes entries, all or nothing: an `id` the
         *     glossary does not have, or a glossary over 10,000 entries, is a 400 naming the operation and nothing is changed.
         *     The create role in the organization (403 below it).
         */
        put: operations["updateGlossaryEntries"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/translations-glossary/{glossaryEntryId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the glossary entry. */
                glossaryEntryId: components["parameters"]["GlossaryEntryId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        /** Get an entry of the translation glossary */
        get: operations["getGlossaryEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/translations/{translationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        /** Get a translation by its ID */
        get: operations["getTranslation"];
        /**
         * Update a translation
         * @description Replaces the instructions of the translation; they apply from the next run.
         */
        put: operations["updateTranslation"];
        post?: never;
        /**
         * Delete a translation
         * @description Deletes the translation (the result space is kept). Answers 204 also when the translation did not exist.
         */
        delete: operations["deleteTranslation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/{organizationId}/translations/{translationId}/run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a translation
         * @description Triggers a run of the translation: the source space is translated into the result space (created by the first
         *     run) by a durable job, through the machine translation provider the server is configured with
         *     (`BINDERY_TRANSLATION_PROVIDER` = `libretranslate` or `deepl`, `BINDERY_TRANSLATION_URL`,
         *     `BINDERY_TRANSLATION_API_KEY`). Only pages changed since they were last translated are sent; the page tree,
         *     slugs, code, URLs and GitBook blocks are kept. Answers 204 without waiting for the run; 400 when no provider is
         *     configured.
         */
        post: operations["runTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/saml/{samlProviderId}/acs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a SAML sign-in (Assertion Consumer Service)
         * @description Bindery extension (`service.acsURL`). Takes the identity provider's response (HTTP-POST binding) and checks:
         *     the signature of the assertion against the provider's `certificate`, the audience (`service.entityID`), the
         *     destination and recipient (`service.acsURL`), the time window (`NotBefore`/`NotOnOrAfter`, 30 s of clock skew),
         *     that it answers an authentication request Bindery made through `startURL`, and that the assertion was not used
         *     before. Then the user is found by the email of the assertion (or created), becomes an SSO member of the
         *     organization (new members get the provider's `defaultRole` and join its `defaultTeam`), and a personal API
         *     token is handed back once: as JSON when the request accepts `application/json`, otherwise as a small HTML
         *     page. The token expires after `BINDERY_SSO_TOKEN_TTL` seconds (default 86400). Any refused response answers
         *     400 (or 403 when the user may not join) and creates nothing. Public: no `Authorization`.
         */
        post: operations["completeSAMLSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/saml/{samlProviderId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        /**
         * Get the service provider metadata of a SAML provider
         * @description Bindery extension. The SAML 2.0 metadata of Bindery's side of the provider (`service.entityID` is this URL):
         *     the entity ID, the Assertion Consumer Service URL (HTTP-POST binding) and the certificate that signs
         *     Bindery's authentication requests. Give it to the identity provider. Public: no `Authorization`.
         */
        get: operations["getSAMLServiceProviderMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/saml/{samlProviderId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        /**
         * Start a SAML sign-in
         * @description Bindery extension (`service.startURL`). Starts a service-provider-initiated sign-in: answers 302 to the
         *     identity provider's `ssoURL` with a signed `AuthnRequest` (HTTP-Redirect binding, RSA-SHA256). The request
         *     id is remembered (for 10 minutes, in the database, so any server process can take the answer) and the
         *     identity provider's response must answer it. Public: no `Authorization`. 409 while the provider is `pending`.
         */
        get: operations["startSAMLSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a space by its id */
        get: operations["getSpaceById"];
        put?: never;
        post?: never;
        /**
         * Delete a space
         * @description Space admins only. The space is moved to the trash: it carries `deletedAt`, can be restored with
         *     `POST /v1/spaces/{spaceId}/restore` for 7 days, then it is permanently removed. Answers 204 also when the
         *     space did not exist or was already deleted.
         */
        delete: operations["deleteSpaceById"];
        options?: never;
        head?: never;
        /**
         * Update a space
         * @description Space admins only (`editMode` alone also for editors). Omitted fields are unchanged; `editMode: locked`
         *     locks all edits until it is set back to `live`. GitBook's "remove icon or emoji" form, `{emoji: null, icon: null}`
         *     (either or both), removes the emoji (as `emoji: ""`).
         */
        patch: operations["updateSpaceById"];
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the change requests of a space */
        get: operations["listChangeRequestsForSpace"];
        put?: never;
        /**
         * Create a change request
         * @description Needs the `edit` role. The change request starts as a `draft` from the current revision of the space.
         */
        post: operations["createChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a change request */
        get: operations["getChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a change request
         * @description Needs the `edit` role. Omitted fields are unchanged. `status` moves the change request to the given status
         *     (`draft`, `open` or `archived`), also from `merged`: a merged change request that leaves `merged` continues
         *     from the revision its merge produced (`revision` and `revisionInitial` become `revisionMerged`; the merged
         *     content stays in the space; the merge fields are cleared and earlier reviews become outdated), so a second round
         *     of changes can be made and merged on top. Subject and description of a merged change request can be edited; it
         *     stays merged.
         */
        patch: operations["updateChangeRequestById"];
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the semantic changes of a change request
         * @description What the change request changes of the main revision it is based on (the one it was created from, or last
         *     updated from): the same changes as `getRevisionSemanticChanges`, computed pages expanded.
         */
        get: operations["getChangeRequestChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the commenters of a change request
         * @description The members of the organization who posted comments or replies in the change request, by display name. Users
         *     who left the organization are not listed. Who may read the change request's comments may read this list.
         */
        get: operations["listCommentersInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the comments of a change request */
        get: operations["listCommentsInChangeRequest"];
        put?: never;
        /**
         * Post a comment on a change request
         * @description Needs the `comment` role. The comment is attached to a change request, or to `page` (and its block `node` or
         *     table cell `tableCell`) when given. Answers 200 (not 201).
         */
        post: operations["postCommentInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a comment of a change request */
        get: operations["getCommentInChangeRequest"];
        /**
         * Update a comment of a change request
         * @description `body` can only be changed by its author; `resolved` by anyone with the `comment` role
         *     (`true` resolves the comment, `false` reopens it); reactions are the caller's own.
         */
        put: operations["updateCommentInChangeRequest"];
        post?: never;
        /**
         * Delete a comment of a change request
         * @description The author or a space admin only. Deletes the comment and its replies; answers 204 also when it did not exist.
         */
        delete: operations["deleteCommentInChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the replies to a comment of a change request */
        get: operations["listCommentRepliesInChangeRequest"];
        put?: never;
        /**
         * Reply to a comment of a change request
         * @description Needs the `comment` role. Answers 200 (not 201).
         */
        post: operations["postCommentReplyInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a reply to a comment of a change request */
        get: operations["getCommentReplyInChangeRequest"];
        /**
         * Update a reply to a comment of a change request
         * @description `body` can only be changed by its author; reactions are the caller's own. `resolved` is declared because GitBook's
         *     description gives this operation its comment update body: a reply has no resolved state (a comment's thread is
         *     resolved as a whole), so any `resolved` is a 400 naming `/body/resolved` and nothing is changed; resolve the
         *     thread with `PUT …/comments/{commentId}` `{resolved}`.
         */
        put: operations["updateCommentReplyInChangeRequest"];
        post?: never;
        /**
         * Delete a reply to a comment of a change request
         * @description The author or a space admin only. Answers 204 also when the reply did not exist.
         */
        delete: operations["deleteCommentReplyInChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the conflicts between a change request and the main content
         * @description Bindery extension. Three-way merges the main content of the space (its active revision) into the change
         *     request, from the revision the change request is based on (`revisionMergedAncestor`, else
         *     `revisionInitial`), without changing anything, and lists the conflicts: what `POST .../update` and
         *     `POST .../merge` would answer `conflicts` for. Each conflict has an `id` to resolve it with
         *     `POST .../conflicts`.
         */
        get: operations["getChangeRequestConflicts"];
        put?: never;
        /**
         * Update a change request from the main content, resolving its conflicts
         * @description Bindery extension. Like `POST .../update`, with a resolution for every conflict listed by
         *     `GET .../conflicts`: keep the change request's side (`choose: change-request`, what an unresolved merge
         *     keeps), take the main content's (`choose: main`), or give the value (`value`: the markdown of a `content`
         *     conflict, the string of a `title` or `slug` conflict, any JSON value (null removes the field) of a
         *     `metadata`, `file` or `variable` conflict). The change request gets a new revision whose
         *     `revisionMergedAncestor` is the main revision merged; it can then be merged. 400 when a conflict has no
         *     resolution or a resolution names no conflict; 412 when `main` is given and the space has moved on to
         *     another revision since; 409 when the change request is merged or archived.
         */
        post: operations["resolveChangeRequestConflicts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get the current revision of the change request */
        get: operations["getRevisionOfChangeRequestById"];
        put?: never;
        /**
         * Apply a batch of content changes to a change request
         * @description GitBook's batch of up to 50 changes (`insert_page`, `update_page`, `delete_page`, `revert_page`,
         *     `insert_files`), applied in order as ONE new revision of the change request, or none of them: the first change
         *     that cannot be applied refuses the whole batch, naming its field (`/body/changes/3/into`). The same engine as
         *     Bindery's `…/content/edits` (the `edit` role on a `live` space; a merged or archived change request is 409).
         *     Links in the markdown of the batch: `./<ref>.md`, `./<ref>` to a page or file inserted with that `ref`, and
         *     `/pages/<path>`, `/pages/<path>.md`, `/pages/<path>/README.md` to a page of the change request by its path,
         *     are stored as links to the ids; other links as written (relative ones resolve against the page's path).
         *     `revert_page` gives the page back its state in `revision` (default: the change request's base): removed when
         *     it was not there, recreated (without its subpages) when deleted since, its fields and content reset otherwise;
         *     `block` is a 400 (Bindery's block keys come from the blocks' content, so an edited block cannot be matched with its earlier version). `compat=false` answers the affected pages and the
         *     inserted files with the change request.
         */
        post: operations["updateChangeRequestContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/edits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a batch of edits to the content of a change request
         * @description Bindery extension. The same edits as `POST /v1/spaces/{spaceId}/content/edits`, applied to the content of
         *     the change request (not to the space): in order, atomically, as ONE new revision of the change request, whose
         *     `revision` moves to it (its reviews of the earlier revision become outdated) and whose contributors gain the
         *     caller. Needs the `edit` role on a `live` space; a merged or archived change request refuses (409). Edits of
         *     one change request apply one after the other; `If-Match` (the change request's `revision`) refuses with 412
         *     when it moved on.
         */
        post: operations["applyChangeRequestContentEdits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the files of the change request */
        get: operations["listFilesInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a file of the change request */
        get: operations["getFileInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the locations that link to a file of the change request */
        get: operations["listChangeRequestFileBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into the change request
         * @description Editors only. Imports the content found at `url` (of the kind `source`) into the change request, creating a new
         *     revision of the change request.
         */
        post: operations["importContentInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of the change request
         * @description With `format=markdown` a document page carries its content as `markdown`; with `format=document` as `document`.
         */
        get: operations["getPageInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the locations that link to a page of the change request */
        get: operations["listChangeRequestPageBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into a page of the change request
         * @description Editors only. Imports the content found at `url` (of the kind `source`) as child pages of the page, creating
         *     a new revision of the change request.
         */
        post: operations["importContentInChangeRequestPageById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the links in a page of the change request */
        get: operations["listPageLinksInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the meta links of a page in a change request
         * @description The page's meta links (in the change request's content): its canonical URL and its alternates, as stored with the page in that
         *     revision (set with the page edits' `metaLinks`, or the `metaLinks` frontmatter key through Git Sync); `{}`
         *     when it has none. Read access to the space; a page the revision does not have is 404.
         */
        get: operations["listChangeRequestPageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of the change request
         * @description Returns the whole tree of pages of the current revision (not paginated); each page holds its child pages in `pages`.
         */
        get: operations["listPagesInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of the change request by its path
         * @description The document or group page at `pagePath` in the change request's revision (the slugs of its ancestors and its
         *     own, joined with `/`; slashes may be sent unencoded). With `format=markdown` a document page carries
         *     `markdown`, with `format=document` its JSON `document`.
         */
        get: operations["getPageInChangeRequestByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of a change request
         * @description A reusable content as it is in the change request's revision.
         */
        get: operations["getReusableContentInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the contributors of a change request
         * @description The users who created or edited the change request (`actionType: edit`) and those who only commented in it
         *     (`comment`), most recent contribution first. Needs a role on the space, as reading the change request does.
         */
        get: operations["getContributorsByChangeRequestId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a change request
         * @description Needs the `merge` permission. Merges the change request into the main content of the space: `result` is
         *     `merge`, the change request becomes `merged` and its `revisionMerged` holds `revision`, the new revision
         *     of the space. When its changes conflict with the main content nothing is merged and `result` is
         *     `conflicts`. 409 when the change request is already merged or archived, or when the merge rules of the
         *     space do not pass.
         */
        post: operations["mergeChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a PDF of the content of a change request
         * @description Generates a PDF of the content of the change request and answers a temporary URL to download it.
         */
        get: operations["getChangeRequestPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the reviewers requested on a change request */
        get: operations["getRequestedReviewersByChangeRequestId"];
        put?: never;
        /**
         * Request reviewers on a change request
         * @description Needs the `edit` role. Requests a review from the given users (members of the organization); users already
         *     requested are left as they are. GitBook's optional `subject` and `description` update the change request in the
         *     same transaction (as `PATCH …/change-requests/{changeRequestId}` does, with its limits and role).
         */
        post: operations["requestReviewersForChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a requested reviewer from a change request
         * @description Needs the `edit` role. Answers 204 also when the user was not requested.
         */
        delete: operations["removeRequestedReviewerFromChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the reviews of a change request */
        get: operations["getReviewsByChangeRequestId"];
        put?: never;
        /**
         * Review a change request
         * @description Needs the `review` permission; the author of the change request cannot review it. The review applies to the current revision of the change request.
         */
        post: operations["submitChangeRequestReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the review. */
                reviewId: components["parameters"]["ReviewId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a review of a change request */
        get: operations["getChangeRequestReviewById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a change request from the main content
         * @description Needs the `edit` role. Brings the latest main content of the space into the change request: `result` is
         *     `update` and `revision` is the new revision of the change request (its `revisionMergedAncestor` becomes
         *     the current revision of the space and it is no longer `outdated`). When its changes conflict with the
         *     main content nothing is updated and `result` is `conflicts`. 409 when the change request is merged or
         *     archived.
         */
        post: operations["updateChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/commenters": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the commenters of a space
         * @description The members of the organization who posted comments or replies in the space's own discussions (not those of
         *     its change requests), by display name. Users who left the organization are not listed. Who may read the
         *     space's comments may read this list.
         */
        get: operations["listCommentersInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the comments of a space */
        get: operations["listCommentsInSpace"];
        put?: never;
        /**
         * Post a comment on a space
         * @description Needs the `comment` role. The comment is attached to a space, or to `page` (and its block `node` or
         *     table cell `tableCell`) when given. Answers 200 (not 201).
         */
        post: operations["postCommentInSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a comment of a space */
        get: operations["getCommentInSpace"];
        /**
         * Update a comment of a space
         * @description `body` can only be changed by its author; `resolved` by anyone with the `comment` role
         *     (`true` resolves the comment, `false` reopens it); reactions are the caller's own.
         */
        put: operations["updateCommentInSpace"];
        post?: never;
        /**
         * Delete a comment of a space
         * @description The author or a space admin only. Deletes the comment and its replies; answers 204 also when it did not exist.
         */
        delete: operations["deleteCommentInSpace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/comments/{commentId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the replies to a comment of a space */
        get: operations["listCommentRepliesInSpace"];
        put?: never;
        /**
         * Reply to a comment of a space
         * @description Needs the `comment` role. Answers 200 (not 201).
         */
        post: operations["postCommentReplyInSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a reply to a comment of a space */
        get: operations["getCommentReplyInSpace"];
        /**
         * Update a reply to a comment of a space
         * @description `body` can only be changed by its author; reactions are the caller's own.
         */
        put: operations["updateCommentReplyInSpace"];
        post?: never;
        /**
         * Delete a reply to a comment of a space
         * @description The author or a space admin only. Answers 204 also when the reply did not exist.
         */
        delete: operations["deleteCommentReplyInSpace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get the current revision of the space */
        get: operations["getCurrentRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/computed/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compute the document of a computed content source
         * @description The JSON document of one page computed from a document `source` (what a generated page's `computed` holds):
         *     for `builtin:openapi`, `props.doc` `operations` (`page`: a tag, its operations), `tag` (`page`: a tag, its
         *     introduction), `operation` (`page`: a path, `method`), `models` (every named schema) or `info` (the
         *     specification's information), rendered from the latest version of `dependencies.spec.ref.spec` as readers see it.
         *     400 naming the field for another source type, a tag or operation the specification does not have; 404 for a
         *     specification the organization does not have or has not processed. Read access to the space.
         */
        post: operations["getComputedDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/computed/revision": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compute the pages of a computed content source
         * @description The pages a computed page with this `source` stands for, computed now without storing anything: for
         *     `builtin:openapi` (the one source Bindery computes; 400 naming `/body/source/type` otherwise) the API reference
         *     generated from the latest version of the organization's OpenAPI specification `dependencies.spec.ref.spec`
         *     (docs/openapi.md "Computed pages": a page per tag or per operation, a models page), ids derived from `seed` as a
         *     computed page's are from its id. Each page carries its `computed` document source, which
         *     `…/content/computed/document` renders. No files, no reusable contents. 404 for a specification the organization
         *     does not have or has not processed. Read access to the space.
         */
        post: operations["getComputedRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/edits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a batch of edits to the content of the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Applies the edits in order,
         *     atomically, as ONE new revision: all of them or none. A `createPage` may give the page's `id` so that later
         *     edits of the batch refer to it (e.g. as a parent). Errors name the edit (`/body/edits/3/page/parent`).
         */
        post: operations["applySpaceContentEdits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the files of the space */
        get: operations["listFiles"];
        put?: never;
        /**
         * Upload a file to the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. The request body is the raw bytes
         *     of the file (any content type; `Content-Type` is kept unless the bytes say otherwise), its name is `name`.
         *     Images get their `dimensions` (PNG, JPEG, GIF, WebP). Adds the file as one new revision. Bodies larger than
         *     the upload limit (`BINDERY_UPLOAD_LIMIT`, 25 MB by default) are refused with 413.
         */
        post: operations["uploadSpaceFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a file of the space */
        get: operations["getFileById"];
        put?: never;
        post?: never;
        /**
         * Delete a file of the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Removes the file from the content
         *     as one new revision (its bytes stay available to the revisions that have it); 204 also when it did not exist.
         */
        delete: operations["deleteSpaceFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/files/{fileId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the locations that link to a file of the space */
        get: operations["listSpaceFileBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into the space
         * @description Editors only. Imports the content found at `url` (of the kind `source`) into the space, creating a new
         *     revision of the space.
         */
        post: operations["importContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of the space
         * @description With `format=markdown` a document page carries its content as `markdown`; with `format=document` as `document`.
         */
        get: operations["getPageById"];
        put?: never;
        post?: never;
        /**
         * Delete a page of the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Deletes the page and its subpages
         *     as one new revision; answers 204 also when the page did not exist (then nothing changes).
         */
        delete: operations["deleteSpacePage"];
        options?: never;
        head?: never;
        /**
         * Update a page of the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Changes the given fields of the
         *     page as one new revision (none when nothing changes).
         */
        patch: operations["updateSpacePage"];
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the locations that link to a page of the space
         * @description The pages of the current revision whose content links to the page (by id or by its path).
         */
        get: operations["listSpacePageBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into a page of the space
         * @description Editors only. Imports the content found at `url` (of the kind `source`) as child pages of the page, creating
         *     a new revision of the space.
         */
        post: operations["importContentInPageById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** List the links in a page of the space */
        get: operations["listPageLinksInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the meta links of a page
         * @description The page's meta links (in the space's current content): its canonical URL and its alternates, as stored with the page in that
         *     revision (set with the page edits' `metaLinks`, or the `metaLinks` frontmatter key through Git Sync); `{}`
         *     when it has none. Read access to the space; a page the revision does not have is 404.
         */
        get: operations["listSpacePageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/page/{pageId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a page of the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Moves the page (with its
         *     subpages) under another parent and/or to another position among its siblings, as one new revision.
         */
        post: operations["moveSpacePage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of the space
         * @description Returns the whole tree of pages of the current revision (not paginated); each page holds its child pages in `pages`.
         */
        get: operations["listPages"];
        put?: never;
        /**
         * Create a page in the space
         * @description Bindery extension. Editors only; refused (403) while the space is locked. Creates a page (at the end of its
         *     parent's pages unless `position` says otherwise) as one new revision of the space.
         */
        post: operations["createSpacePage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of the space by its path
         * @description The document or group page at `pagePath` in the current revision (the slugs of its ancestors and its own,
         *     joined with `/`; slashes may be sent unencoded, as the official client does). With `format=markdown` a
         *     document page carries `markdown`, with `format=document` its JSON `document`.
         */
        get: operations["getPageByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of the space's current revision
         * @description A reusable content of the space's current content (404 when it has none with that id).
         */
        get: operations["getReusableContentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/content/template": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a template to a space
         * @description Editors only. Applies the template `id` to the content of the space, creating a new revision; `params.contentRefs`
         *     gives the files the template refers to. With `changeRequestId` (GitBook's, an id or a number), the template is
         *     applied to that change request's content instead (its files for `contentRefs`), as one revision of it.
         */
        post: operations["applyTemplateToSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `documentId` of a document page, as a content read answers it. */
                documentId: string;
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a document of the space by its id
         * @description The JSON document of a version of a page. A document page's `documentId` names its content in the revision it
         *     was read from (the page's id and the hash of that version), so it stays valid as the page changes: an id read
         *     from an older revision or a change request still answers that version's document. 404 for an id no revision of
         *     the space (nor of its change requests) has. Read access to the space.
         */
        get: operations["getDocumentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a space
         * @description Creates a copy of the space (its current content, next to it in the same parent). The caller needs the `create` role.
         */
        post: operations["duplicateSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/embed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Resolve a URL to an embed, in a space
         * @description The title, site, icon (and oEmbed HTML, when its provider publishes it) of a URL to embed in content. The URL
         *     is fetched through the SSRF guard: a URL that is not http(s), or whose host is private, is 400 naming
         *     `/query/url`; one that cannot be fetched or read answers a `link` titled by the URL. Answers are remembered
         *     for an hour. The caller must be able to read the space (404 otherwise).
         */
        get: operations["getEmbedByUrlInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a space to a Git repository
         * @description Needs the `triggerGitSync` permission. Starts exporting the current content of the space as a commit
         *     with `commitMessage` on branch `ref` of the repository `url`; the export runs in the background.
         */
        post: operations["exportToGitRepository"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Git repository into a space
         * @description Needs the `triggerGitSync` permission. Starts importing the content of branch `ref` of the repository
         *     `url` into the space; the import runs in the background. With `standalone: true` it generates a
         *     revision without updating the primary content of the space.
         */
        post: operations["importGitRepository"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/info": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the Git Sync state of a space
         * @description Metadata about the Git Sync provider set up on the space; 404 when none is set up.
         */
        get: operations["getSpaceGitInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/legacy-installation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the legacy Git Sync installation of a space
         * @description Space admins only. Answers 204 also when the legacy installation was already removed.
         */
        delete: operations["deleteLegacyGitInstallation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the push webhook of a space's Git Sync
         * @description Bindery extension. Space admins only. The URL and secret to register as a push webhook on the repository
         *     (GitHub: content type `application/json`, the secret as the webhook's secret; GitLab: the secret as the
         *     webhook's secret token; Gitea and Forgejo: as GitHub). A push to the synchronised branch then imports it.
         *     The secret is made when Git Sync is first set up on the space. 404 when no Git Sync is set up.
         */
        get: operations["getSpaceGitWebhook"];
        put?: never;
        /**
         * Receive a push event of the synchronised repository
         * @description Bindery extension: the receiver of the push webhook (no token; authenticated by the space's webhook secret).
         *     GitHub (and Gitea, Forgejo) events: `X-GitHub-Event` with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the
         *     body with the secret>`; GitLab events: `X-Gitlab-Event` with `X-Gitlab-Token: <secret>`. Both compared in
         *     constant time; a missing or wrong signature or token answers 401. Bodies are JSON (or GitHub's form encoding,
         *     `payload=<JSON>`), at most 1 MiB (413).
         *
         *     A push to the synchronised branch whose head is not the commit last synchronised queues the import the
         *     import operation queues (same job, same order with other operations of the space), unless an import of the
         *     branch is already waiting to run: a burst of pushes makes at most one pending import, which imports the
         *     branch's head when it runs (`pending`). Other branches, tags, deletions, other events: 202 `ignored` with the
         *     reason. `ping` (GitHub's test delivery): 200 `pong`.
         */
        post: operations["receiveSpaceGitWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/git/webhook/secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the secret of a space's push webhook
         * @description Bindery extension. Space admins only. Makes a new webhook secret (the old one stops working at once) and
         *     answers the webhook with it. 404 when no Git Sync is set up.
         */
        post: operations["rotateSpaceGitWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/integration-blocks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the blocks of the integrations enabled on a space
         * @description The integrations installed in the space's organization that cover the space (installed on all spaces, or on
         *     it) and declare blocks, by name, each with its blocks: what an editor of the space may insert. Integrations
         *     without blocks are left out. Readers of the space.
         */
        get: operations["listSpaceIntegrationsBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the integrations enabled on a space
         * @description The integrations installed in the space's organization whose installation covers the space (all spaces, or
         *     installed on this one), by name. Whoever may read the space.
         */
        get: operations["listSpaceIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the links in the content of a space
         * @description Lists the links found in the current revision of the space, with their status, and counts of all and broken links.
         */
        get: operations["listSpaceLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a space
         * @description Moves the space into another collection of the same organization (`parent`; `null` for the top level of
         *     the organization; omitted keeps the current parent) and/or next to a sibling (`position`).
         *     409 when the target collection or sibling is not in the organization of the space.
         */
        post: operations["moveSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a PDF of the content of a space
         * @description Answers a temporary URL (`/v1/exports/pdf/{token}`, valid for one hour, no token needed) to a PDF of the space's
         *     current content as readers see it (computed pages expanded), rendered when it is downloaded: every page in
         *     order with an outline, or with `only` the page `page` alone. Needs read access to the space.
         */
        get: operations["getSpacePDF"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite users and teams to a space
         * @description Space admins only. Grants `role` on the space to the given members and teams of its organization; `null`
         *     removes their grant (they keep what their organization role and the default levels give them). Answers 404
         *     when a user is not a member of the organization or a team is not one of its teams.
         */
        post: operations["inviteToSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List every user's role on the space
         * @description Admins of the space only. Every member of the organization who has a role on the space, with that role as
         *     the permission model computes it (docs/permissions.md): the highest of their organization role, the roles
         *     granted to them or to their teams on the space and on the collections above it, and the default levels. Disabled members and
         *     guests without a grant are not listed. By display name.
         */
        get: operations["listPermissionsAggregateInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the teams granted a role on the space
         * @description Admins of the space only. The roles granted to teams on the space itself, by team title.
         */
        get: operations["listTeamPermissionsInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a team on the space
         * @description Admins of the space only. Removes the role granted to the team on the space itself; 204 also when it had none.
         */
        delete: operations["removeTeamFromSpace"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a team on the space
         * @description Admins of the space only. Grants `role` on the space to the team, a team of its organization (404
         *     otherwise), replacing the role granted before; `null` removes the grant.
         */
        patch: operations["updateTeamPermissionInSpace"];
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the users granted a role on the space
         * @description Admins of the space only. The roles granted to users on the space itself (`POST …/permissions`,
         *     `PATCH …/permissions/users/{userId}`), by display name. Roles that come from the organization, from a team, from
         *     a collection above or from default levels are in `…/permissions/aggregate`.
         */
        get: operations["listUserPermissionsInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/permissions/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the role granted to a user on the space
         * @description Admins of the space only. Removes the role granted to the user on the space itself; they keep what their
         *     organization role, their teams, the collections above and the default levels give them. 204 also when the user
         *     had no grant.
         */
        delete: operations["removeUserFromSpace"];
        options?: never;
        head?: never;
        /**
         * Set the role granted to a user on the space
         * @description Admins of the space only. Grants `role` on the space to the user, a member of its organization (404
         *     otherwise), replacing the role granted before; `null` removes the grant (as `POST …/permissions` does).
         */
        patch: operations["updateUserPermissionInSpace"];
        trace?: never;
    };
    "/v1/spaces/{spaceId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted space
         * @description Space admins only. Restores a space deleted within the last 7 days; a space deleted earlier is
         *     permanently removed and answers 404. Restoring a space that is not deleted returns it unchanged.
         */
        post: operations["restoreSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Get a revision of a space */
        get: operations["getRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the semantic changes of a revision
         * @description What the revision changed since its first parent (a merge revision: since the main revision the change request
         *     was merged into, `mergedFrom` being that change request; the first revision of a space: everything in it):
         *     pages created, edited, deleted and moved, files created, edited and deleted, variables edited. Pages in the
         *     order of the revision's tree, then deleted pages, files and variables. With `computed` (default), both
         *     revisions as readers see them (computed pages expanded). A revision of another space is 404.
         */
        get: operations["getRevisionSemanticChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the files of a revision
         * @description The files of a revision of the space, as `listFiles` answers for the current one. A revision of another space is 404.
         */
        get: operations["listFilesInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a file of a revision
         * @description A file as it is in a revision of the space. A revision of another space is 404.
         */
        get: operations["getFileInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Download the bytes of a file
         * @description Bindery extension: the `downloadURL` of every file. Needs read access to the space. Answers the bytes with
         *     the file's content type (`Content-Disposition: attachment` except for images, and a sandboxing
         *     `Content-Security-Policy`). A file of a revision never changes: `ETag` is its SHA-256.
         */
        get: operations["downloadRevisionFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a revision
         * @description The page as it is in a revision of the space. With `format=markdown` a document page carries its content as
         *     `markdown`; with `format=document` as `document`. A revision of another space is 404.
         */
        get: operations["getPageInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the document of a page of a revision
         * @description The JSON document of a page as it is in a revision of the space (what `format=document` puts in the page's
         *     `document`). A group page has an empty document. A revision of another space is 404.
         */
        get: operations["getPageDocumentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the meta links of a page in a revision
         * @description The page's meta links (in that revision of the space): its canonical URL and its alternates, as stored with the page in that
         *     revision (set with the page edits' `metaLinks`, or the `metaLinks` frontmatter key through Git Sync); `{}`
         *     when it has none. Read access to the space; a page the revision does not have is 404.
         */
        get: operations["listRevisionPageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of a revision
         * @description The whole tree of pages of a revision of the space (not paginated), as `listPages` answers for the current one;
         *     each page holds its child pages in `pages`. A revision of another space is 404.
         */
        get: operations["listPagesInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a revision by its path
         * @description The document or group page at `pagePath` in a revision of the space (the slugs of its ancestors and its own,
         *     joined with `/`, as they were in that revision; slashes may be sent unencoded). With `format=markdown` a
         *     document page carries `markdown`, with `format=document` its JSON `document`. A revision of another space is 404.
         */
        get: operations["getPageInRevisionByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of a revision
         * @description A reusable content as it is in a revision of the space. A revision of another space is 404.
         */
        get: operations["getReusableContentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the document of a reusable content of a revision
         * @description The JSON document of a reusable content as it is in a revision of the space: the include file's markdown
         *     without its frontmatter, shown as page documents are (GitBook's container blocks folded).
         */
        get: operations["getReusableContentDocumentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /** Search the content of a space */
        get: operations["searchSpaceContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces/{spaceId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer a space to another organization
         * @description Moves the space to the top level of another organization. The caller must be an admin of both
         *     organizations. Grants on the space (to users and teams of the old organization) are removed. 409 when the
         *     space already belongs to that organization; 412 when the space cannot leave its organization in its
         *     current state (for example it is published on a site of the organization).
         */
        post: operations["transferSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/files/{storageKey}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key of a stored file (the `key` answered by `generateStorageUploadURL`). */
                storageKey: components["parameters"]["StorageKey"];
            };
            cookie?: never;
        };
        /**
         * Download a stored file
         * @description Bindery extension: a file uploaded through `generateStorageUploadURL`, by its key (the `url` of a custom font's
         *     sources). Public, as the published sites that use the font need it (the key is unguessable); the bytes never
         *     change (`Cache-Control: immutable`) and may be read from any origin (`Access-Control-Allow-Origin: *`, as
         *     browsers require for fonts).
         */
        get: operations["downloadStorageFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/uploads/{uploadToken}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The secret of an upload URL answered by `generateStorageUploadURL`. */
                uploadToken: components["parameters"]["UploadToken"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload a file to an upload URL
         * @description Bindery extension: the `url` answered by `generateStorageUploadURL`. The token in the path is the credential (no
         *     `Authorization` needed); it serves one upload within an hour. The body is the file's bytes: exactly the `size`
         *     announced, and a font of the announced type (WOFF2 or WOFF, by its signature), else a 400 and the URL stays
         *     usable. Then the file is served at `GET /v1/storage/files/{storageKey}`.
         */
        put: operations["uploadStorageFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subdomains/{subdomain}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subdomain (an organization's `hostname`). */
                subdomain: components["parameters"]["Subdomain"];
            };
            cookie?: never;
        };
        /**
         * Get a subdomain
         * @description Answers which organization uses the subdomain as its `hostname` (any authenticated caller may ask, so that
         *     tools can check whether a hostname is taken); 404 when no organization uses it. Lookups are case-insensitive.
         */
        get: operations["getSubdomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/urls/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve a URL to the content it shows
         * @description Resolves a URL of this Bindery to a collection, or to a space with the change request and the page it names.
         *     App URLs (the `urls.app` of content): `/s/{spaceId}`, `/s/{spaceId}/{pagePath}`, `/s/{spaceId}/~/changes/{number}[/{pagePath}]`,
         *     `/s/{spaceId}/~/revisions/{revisionId}[/{pagePath}]`, `/c/{collectionId}`; API URLs: `/v1/spaces/{spaceId}`,
         *     `…/content/path/{pagePath}`, `…/content/page/{pageId}`, `…/change-requests/{changeRequestId}[/content/…]`,
         *     `…/revisions/{revisionId}[/path/{pagePath} | /page/{pageId}]`, `/v1/collections/{collectionId}`. Pages are read
         *     from the content the URL names (the change request's, a revision's, or the current one). A URL of another host,
         *     of no content, or of content the caller may not see is 404. Published sites' URLs: `/urls/published`.
         */
        get: operations["getContentByUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/urls/embed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve a URL to an embed
         * @description The title, site, icon (and oEmbed HTML, when its provider publishes it) of a URL to embed in content. The URL
         *     is fetched through the SSRF guard: a URL that is not http(s), or whose host is private, is 400 naming
         *     `/query/url`; one that cannot be fetched or read answers a `link` titled by the URL. Answers are remembered
         *     for an hour.
         */
        get: operations["getEmbedByUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/urls/published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve a URL of a published site
         * @deprecated
         * @description As `POST /urls/published` with `visitor.jwtToken` given as `visitorAuthToken`.
         */
        get: operations["getPublishedContentByUrl"];
        put?: never;
        /**
         * Resolve a URL of a published site
         * @description The site (by its custom hostname, or `/sites/{siteId}` on this server), section, site space and space a URL of a
         *     published site shows, and the path below them — as the published site itself resolves it, with the visitor's
         *     claims deciding which sections and site spaces exist for them. An unpublished site, a URL of no site, a
         *     share-link site without an active share link's `?share=` key: 404. A visitor-auth site without a valid visitor
         *     token: 401, or with `redirectOnError` the site's fallback URL (with `?location=`) when it has one.
         */
        post: operations["resolvePublishedContentByUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the authenticated user */
        get: operations["getAuthenticatedUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API tokens of the authenticated user
         * @description Bindery extension. Lists the caller's tokens without their secrets.
         */
        get: operations["listAPITokensForAuthenticatedUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the token. */
                tokenId: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token of the authenticated user
         * @description Bindery extension. The token stops working at once. Answers 204 also when the token did not exist.
         */
        delete: operations["revokeAPIToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user
         * @description Bindery extension. Only the instance administrator may create users. Emails are unique (case-insensitive).
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /**
         * Get a user by its id
         * @description Visible to the user themself, the instance administrator and members of an organization the user belongs to.
         */
        get: operations["getUserById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a user
         * @description Changes the user's display name or photo. The user themself or the instance administrator (403 for anyone else
         *     who can see the user, 404 for who cannot). `photoURL: null` removes the photo (Bindery extension).
         */
        patch: operations["updateUserById"];
        trace?: never;
    };
    "/v1/users/{userId}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an API token for a user
         * @description Bindery extension. The instance administrator may create a token for any user; a user may create tokens for
         *     themself. The secret is returned once, in this response; only its hash is stored.
         */
        post: operations["createAPIToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ai: {
            /** @description AI mode of the site, e.g. `none`. */
            mode: string;
        };
        /** @description An API token, without its secret. */
        APIToken: {
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the token stops working; absent for tokens that do not expire. Tokens handed back by an SSO sign-in expire.
             */
            expiresAt?: string;
            id: string;
            label: string;
            /** Format: date-time */
            lastUsedAt?: string;
            /** @constant */
            object: "api-token";
            /**
             * @description Set on tokens issued by an organization's SSO sign-in (and tokens created with them): they act only within
             *     that organization, as the member the sign-in made.
             */
            organization?: string;
        };
        /** @description One recorded change in an organization (GitBook's `AuditEvent`): who did it (`actor`), through what (`source`), what it did (`action`, one of `GET /orgs/{organizationId}/audit-event-actions`) and to what (`target`). Written in the same transaction as the change it records. */
        AuditEvent: {
            /** @description Stable action name describing the recorded change (`space.created`, `member.role_changed`, …). */
            action: string;
            actor: components["schemas"]["AuditEventActor"];
            /**
             * Format: uuid
             * @description Unique identifier of the audit event.
             */
            id: string;
            /** @constant */
            object: "audit-event";
            /**
             * Format: date-time
             * @description When the change was made.
             */
            occurredAt: string;
            /**
             * @description Entry point that initiated the change: `api` for a user's API token, `integration` for an integration's or installation's token, `workflow` for Bindery's own jobs. Bindery has no UI, webhook, script or support entry points.
             * @enum {string}
             */
            source: "ui" | "api" | "integration" | "webhook" | "workflow" | "script" | "support";
            target: components["schemas"]["AuditEventTarget"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the audit event in the API.
                 */
                location: string;
            };
        };
        /** @description An action audit events record. */
        AuditEventAction: {
            /** @description Stable action identifier stored on audit events. */
            id: string;
            /** @description Human-readable label for the action. */
            label: string;
            /** @constant */
            object: "audit-event-action";
        };
        /** @description Who initiated a recorded change. */
        AuditEventActor: {
            /** @description Stable identifier of the actor. */
            id: string;
            /** @description Display label captured when the event was recorded (a user's display name, an integration's title). */
            label?: string;
            /**
             * @description Kind of actor: `user` (a user's API token), `integration` or `installation` (an integration's token; `id` is the integration's or the installation's), `system` (Bindery itself). Bindery has no support staff.
             * @enum {string}
             */
            type: "user" | "integration" | "installation" | "system" | "support";
        };
        /** @description An audit event with its payload (GitBook's `AuditEventDetails`). */
        AuditEventDetails: components["schemas"]["AuditEvent"] & {
            /**
             * Format: uuid
             * @description Audit event that caused this later system effect.
             */
            causedByEventId?: string;
            /** @description Identifier shared by events produced by the same user action. */
            correlationId?: string;
            /** @description Identifier of the operation that recorded the event (the request id). */
            executionId?: string;
            /** @description Details specific to the action: the values before and after a change (`role`, `title`, `visibility`, `parent`), the principal a permission names (`principal: {type, id}`), the fields of an organization or provider that changed (`fields`). */
            payload: {
                [key: string]: unknown;
            };
            /** @description Version of the action payload schema (1). */
            schemaVersion: number;
        };
        /** @description The resource a recorded change affected. */
        AuditEventTarget: {
            /** @description Stable identifier of the affected resource (a member's is their user id). */
            id: string;
            /** @description Display label captured when the event was recorded (a title, a display name, an email). */
            label?: string;
            /** @description Kind of resource: `organization`, `member`, `invite`, `space`, `collection`, `site`, `team`, `saml-provider`. */
            type: string;
        };
        /** @description A value before and after a change; a side is absent when the value was not set there. `document` (the content of a page) is `{}`, the page's two versions being read with the revision reads. */
        ChangeAttribute: {
            after?: unknown;
            before?: unknown;
        };
        /** @description A file as a semantic change names it; `downloadURL` reads it from the revision it is shown from (the earlier one for a deleted file). */
        ChangedRevisionFile: {
            contentType: string;
            downloadURL: string;
            id: string;
            name: string;
        };
        /** @description A page as a semantic change names it, with its path in the revision it is shown from (no path for link and computed pages). */
        ChangedRevisionPage: {
            id: string;
            path?: string;
            title: string;
            /** @enum {string} */
            type: "document" | "group" | "link" | "computed";
        };
        /** @description A proposal of changes to the content of a space, reviewed, updated from the main content and merged. */
        ChangeRequest: {
            /** @description Count of opened comments. */
            comments: number;
            /** Format: date-time */
            createdAt: string;
            createdBy: components["schemas"]["User"];
            description?: components["schemas"]["Document"];
            id: string;
            /** Format: date-time */
            mergedAt?: string;
            mergedBy?: components["schemas"]["User"];
            /** @description Incremental number of the change request in its space. */
            number: number;
            /** @constant */
            object: "change-request";
            /** @description True when the change request is not up to date with the latest main content. */
            outdated: boolean;
            /** @description Id of the active revision in the change request. */
            revision: string;
            /** @description Id of the revision of the space the change request was created from. */
            revisionInitial: string;
            /** @description When merged, id of the revision resulting from the merge. */
            revisionMerged?: string;
            /** @description Id of the latest revision of the main content the change request was updated from. */
            revisionMergedAncestor?: string;
            /** @description Id of the space. */
            space: string;
            status: components["schemas"]["ChangeRequestStatus"];
            subject: string;
            /** Format: date-time */
            updatedAt: string;
            urls: {
                app: string;
                location: string;
            };
        };
        /**
         * @description One conflict: both the change request and the main content changed the same thing differently since `base`.
         *     `base`, `changeRequest` and `main` are the values on each side (null: absent on that side); for `move`
         *     they are `{parentId, index}` positions, for `delete-modify` the page (without its markdown) or null.
         */
        ChangeRequestConflict: {
            /** @description The value in the base revision. */
            base: unknown;
            /** @description The value in the change request. */
            changeRequest: unknown;
            /** @description The field of a `metadata` conflict (`emoji`, `description`, `metadata.<key>`, ...). */
            field?: string;
            /** @description The file, for `file` conflicts. */
            fileId?: string;
            /** @description Identifies the conflict in a resolution (`<kind>:<page or file id or variable>[:<field>]`). */
            id: string;
            /** @enum {string} */
            kind: "content" | "title" | "slug" | "metadata" | "move" | "delete-modify" | "file" | "variable";
            /** @description The value in the main content. */
            main: unknown;
            /** @description For `content` conflicts, the merged markdown with git-style conflict markers (to help write a resolution). */
            markdownWithMarkers?: string;
            /** @description The page, for page conflicts. */
            pageId?: string;
            /** @description The variable, for `variable` conflicts. */
            variable?: string;
        };
        /** @description How to resolve one conflict - take one side's value, or give the value. */
        ChangeRequestConflictResolution: {
            /** @enum {string} */
            choose: "change-request" | "main";
            /** @description The `id` of the conflict. */
            conflict: string;
        } | {
            /** @description The `id` of the conflict. */
            conflict: string;
            /** @description The resolved value (markdown for `content`; a string for `title` and `slug`; any JSON value, null removing it, for `metadata`, `file` and `variable`). Not for `move` and `delete-modify`. */
            value: unknown;
        };
        /** @description The conflicts between a change request and the main content of its space (Bindery extension). */
        ChangeRequestConflicts: {
            /** @description The main revision the change request is based on (`revisionMergedAncestor ?? revisionInitial`). */
            base: string;
            /** @description Id of the change request. */
            changeRequest: string;
            conflicts: components["schemas"]["ChangeRequestConflict"][];
            /** @description The space's active revision (the other side of the merge). */
            main: string;
            /** @constant */
            object: "change-request-conflicts";
            /** @description The change request's revision (its side of the merge). */
            revision: string;
            /** @description True when `main` is `base`; there is then nothing to merge and no conflict. */
            upToDate: boolean;
        };
        /**
         * @description One change of `POST …/change-requests/{changeRequestId}/content` (GitBook's `ChangeRequestContentChange`), by
         *     `operation`. Page metadata: `title`, `slug` (unique among the siblings, else 409), `emoji`, `icon` (`''` removes
         *     them), `description`, `hidden`, `noIndex`, `noRobotsIndex`, `condition` (the page's adaptive-content condition;
         *     `''` removes it).
         */
        ChangeRequestContentChange: {
            /** @description Zero-based index among the new siblings; at the end when omitted. */
            at?: number;
            condition?: string;
            description?: string;
            document: components["schemas"]["ChangeRequestContentDocument"];
            emoji?: string;
            hidden?: boolean;
            icon?: string;
            /** @description Id of the parent page; the top level when omitted. */
            into?: string;
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            /** @constant */
            operation: "insert_page";
            /**
             * @description A name for the new page in this request only: markdown of the batch links to it as `./<ref>.md` or
             *     `./<ref>` (also with `#anchor`), stored as a link to the page's id. Unique in the batch.
             */
            ref?: string;
            slug?: string;
            title?: string;
        } | {
            /** @description Zero-based index among the siblings of the (new) parent. */
            at?: number;
            condition?: string;
            description?: string;
            document?: components["schemas"]["ChangeRequestContentDocument"];
            emoji?: string;
            hidden?: boolean;
            icon?: string;
            /** @description Id of the new parent page (`null` the top level); the parent is unchanged when omitted. */
            into?: string | null;
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            /** @constant */
            operation: "update_page";
            /** @description Id of the page to update. */
            page: string;
            slug?: string;
            title?: string;
        } | {
            /** @constant */
            operation: "delete_page";
            /** @description Id of the page to delete, with its subpages (404 when the change request has no such page). */
            page: string;
        } | {
            /**
             * @description GitBook's block keys. Bindery's block keys are derived from each block's content (a changed block gets
             *     a new key), so a block cannot be matched with its earlier version and single blocks are not reverted:
             *     a 400 naming this field.
             */
            block?: string[];
            /** @constant */
            operation: "revert_page";
            /** @description Id of the page to revert. */
            page: string;
            /** @description Id of a revision of the space to revert the page to; the change request's base when omitted. */
            revision?: string;
        } | {
            files: {
                base64?: string;
                contentType?: string;
                name: string;
                /** @description A name for the file in this request only; markdown of the batch links to it as `./<ref>`. */
                ref?: string;
                url?: string;
            }[];
            /** @constant */
            operation: "insert_files";
        };
        /**
         * @description The content of a page in a change of `POST …/change-requests/{changeRequestId}/content` (GitBook's `Document`):
         *     `{markdown}` (its frontmatter sets the page's metadata, and for a new page its leading `# heading` the title, as
         *     Git Sync reads a page file), `{document}` (a GitBook JSON document), or `{}` (no content).
         */
        ChangeRequestContentDocument: {
            markdown: string;
        } | {
            document: components["schemas"]["Document"];
        } | Record<string, never>;
        /**
         * @description The answer of `POST …/change-requests/{changeRequestId}/content` with `compat=false` (GitBook's
         *     `ChangeRequestContentUpdate`): the change request, one entry per page the batch touched (in the order first
         *     touched) and the files it added.
         */
        ChangeRequestContentUpdate: {
            changeRequest: components["schemas"]["ChangeRequest"];
            changes: ({
                /** @enum {string} */
                object: "created_page" | "updated_page";
                page: {
                    id: string;
                    /** @constant */
                    object: "page";
                    urls: {
                        /** Format: uri */
                        location: string;
                    };
                };
                /** @description The `ref` of the `insert_page` that created it. */
                ref?: string;
            } | {
                /** @constant */
                object: "deleted_page";
                page: string;
            })[];
            insertedFiles: components["schemas"]["RevisionFile"][];
        };
        /** @description A reviewer requested on a change request - a user or a team. */
        ChangeRequestRequestedReviewer: {
            /** Format: date-time */
            createdAt: string;
            /** @constant */
            object: "change-request-requested-reviewer";
            requestedBy: components["schemas"]["User"];
            /** @description Id of the revision of the change request when the review was requested. */
            revision: string;
        } & ({
            /** @constant */
            kind: "user";
            user: components["schemas"]["User"];
        } | {
            /** @constant */
            kind: "team";
            team: components["schemas"]["Team"];
        });
        /** @description A review of a change request. */
        ChangeRequestReview: {
            comment?: components["schemas"]["Comment"];
            /** Format: date-time */
            createdAt: string;
            id: string;
            /** @constant */
            object: "change-request-review";
            /** @description True when the change request changed since the review. */
            outdated: boolean;
            requestedBy?: components["schemas"]["User"];
            reviewer: components["schemas"]["User"];
            /** @description Id of the revision of the change request that was reviewed. */
            revision: string;
            /** @enum {string} */
            status: "approved" | "changes-requested";
            /** Format: date-time */
            updatedAt: string;
            urls: {
                app: string;
                location: string;
            };
        };
        /**
         * @description `draft`, `open` (ready for review), `archived` (closed without merging) or `merged`.
         * @enum {string}
         */
        ChangeRequestStatus: "draft" | "open" | "archived" | "merged";
        /**
         * @description A user who contributed to a change request: `edit` when they created it or edited its content (`count` edits,
         *     the last at `updatedAt`), `comment` when they only posted comments or replies in it (`count` of those).
         */
        ChangeRequestUserContributor: components["schemas"]["UserContributor"] & {
            /** @enum {string} */
            actionType: "edit" | "comment";
        };
        /** @description A collection groups spaces and other collections of an organization. */
        Collection: {
            defaultLevel: components["schemas"]["DefaultLevel"];
            /** @description Description of the collection. */
            description?: string;
            /** @description Unique identifier of the collection. */
            id: string;
            /** @constant */
            object: "collection";
            /** @description Id of the organization owning the collection. */
            organization: string;
            /** @description Id of the parent collection, absent at the root of the organization. */
            parent?: string;
            /** @description What the caller may do with the collection. */
            permissions: {
                /** @description Can the caller edit the title and description. */
                admin: boolean;
                /** @description Can the caller create spaces and collections in the collection. */
                create: boolean;
                /** @description Can the caller view the collection. */
                view: boolean;
                /** @description Can the caller view the invite links of the collection. */
                viewInviteLinks: boolean;
            };
            /** @description Title of the collection. */
            title: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the collection in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description API URL of the collection.
                 */
                location: string;
            };
        };
        /** @description A comment on a space or a change request; `status` is `resolved` after it is resolved. */
        Comment: {
            body: components["schemas"]["CommentBody"];
            /** Format: date-time */
            editedAt?: string;
            id: string;
            /** @constant */
            object: "comment";
            permissions: components["schemas"]["CommentPermissions"];
            /** Format: date-time */
            postedAt: string;
            postedBy: components["schemas"]["User"];
            reactions: components["schemas"]["EmojiReaction"][];
            /** @description The users who replied, most recent first. */
            repliers?: components["schemas"]["UserContributor"][];
            /** @description Count of replies. */
            replies: number;
            /**
             * Format: date-time
             * @description When the comment was resolved (only when `status` is `resolved`).
             */
            resolvedAt?: string;
            resolvedBy?: components["schemas"]["User"];
            /** @enum {string} */
            status: "open" | "resolved";
            /** @description What the comment is attached to. `space` and `revision` are always present. */
            target: {
                /** @description Id of the change request, for comments on a change request. */
                changeRequest?: string;
                /** @description The block of the document the comment is attached to. */
                node?: {
                    id: string;
                    /** @description Text of the block when the comment was posted. */
                    preview?: string;
                };
                /** @description The page the comment is attached to. */
                page?: {
                    /** Format: date-time */
                    createdAt?: string;
                    emoji?: string;
                    icon?: string;
                    id: string;
                    /** @description True when the page changed since the comment was posted. */
                    outdated?: boolean;
                    path?: string;
                    title?: string;
                    /** Format: date-time */
                    updatedAt?: string;
                };
                /** @description Id of the review, for comments posted with a review. */
                review?: string;
                /** @description Id of the revision the comment was posted on. */
                revision: string;
                /** @description Id of the space. */
                space: string;
                /** @description The table cell the comment is attached to. */
                tableCell?: {
                    definition: string;
                    record: string;
                };
            };
            urls: {
                /** @description API URL of the comment. */
                location: string;
            };
        };
        /** @description The body of a comment or reply, as `markdown` or as a rich `document` depending on the `format` asked for. */
        CommentBody: {
            document?: components["schemas"]["Document"];
            markdown?: string;
        };
        /** @description The body of a comment, reply or review comment: Markdown text, a rich document, or an empty object. */
        CommentBodyInput: {
            markdown: string;
        } | {
            document: components["schemas"]["Document"];
        } | Record<string, never>;
        /** @description What the caller may do with a comment or reply. */
        CommentPermissions: {
            delete: boolean;
            edit: boolean;
            reply?: boolean;
            view: boolean;
        };
        /** @description A new comment. */
        CommentPostInput: {
            body: components["schemas"]["CommentBodyInput"];
            /** @description Id of the block of the page to comment on. */
            node?: string;
            /** @description Id of the page to comment on. */
            page?: string;
            /** @description The table cell to comment on. */
            tableCell?: {
                definition: string;
                record: string;
            };
        };
        /**
         * @description Emojis to add or remove as the caller's reactions. Each added one is one emoji (`👍`, `👍🏽`) or GitBook's
         *     code-point form (`1f44d`), else a 400 naming it; removals take any stored reaction.
         */
        CommentReactionsInput: string[];
        /** @description A reply to a comment. */
        CommentReply: {
            body: components["schemas"]["CommentBody"];
            /** Format: date-time */
            editedAt?: string;
            id: string;
            /** @constant */
            object: "comment-reply";
            permissions: components["schemas"]["CommentPermissions"];
            /** Format: date-time */
            postedAt: string;
            postedBy: components["schemas"]["User"];
            reactions: components["schemas"]["EmojiReaction"][];
            urls: {
                /** @description API URL of the reply. */
                location: string;
            };
        };
        /** @description A new reply to a comment. */
        CommentReplyPostInput: {
            body: components["schemas"]["CommentBodyInput"];
        };
        /** @description Changes to a reply. Omitted fields are unchanged. */
        CommentReplyUpdateInput: {
            addedReactions?: components["schemas"]["CommentReactionsInput"];
            body?: components["schemas"]["CommentBodyInput"];
            removedReactions?: components["schemas"]["CommentReactionsInput"];
        };
        /**
         * @description Changes to a comment. `resolved: true` resolves it (it then carries `resolvedAt` and `resolvedBy`),
         *     `resolved: false` reopens it. Omitted fields are unchanged.
         */
        CommentUpdateInput: {
            addedReactions?: components["schemas"]["CommentReactionsInput"];
            body?: components["schemas"]["CommentBodyInput"];
            removedReactions?: components["schemas"]["CommentReactionsInput"];
            resolved?: boolean;
        };
        /**
         * @description The source of computed content. On a `computed` page: what it stands for, e.g. the API reference generated
         *     from an OpenAPI specification of the organization (`type: builtin:openapi`, `dependencies.spec.ref` naming it,
         *     `props`: `models` adds a page of the named schemas, `downloadLink` a link to the public specification,
         *     `grouping` `by-tag` (default: one page per tag) or `by-operation` (one page per operation under each tag)).
         *     On a page generated from one: the document it is (`props.doc`: `operations` and `page` the tag, `tag`,
         *     `operation` with `page` the path and `method`, `models` or `info`), with `dependencies.spec.value` the
         *     specification it was generated from (`lastVersion`: its version).
         */
        ComputedContentSource: {
            /** @description Content the computation depends on, by name. */
            dependencies?: {
                spec?: {
                    ref: {
                        /** @constant */
                        kind: "openapi";
                        /** @description Slug of the OpenAPI specification. */
                        spec: string;
                    };
                    /** @description The specification as the content was generated from it (generated pages); null when it does not exist. */
                    value?: {
                        id: string;
                        lastVersion?: string;
                        /** @constant */
                        object: "openapi-spec";
                        slug: string;
                        /** @enum {string} */
                        visibility?: "private" | "public";
                    } | null;
                };
            };
            /** @description Properties of the computation. */
            props?: {
                deprecated?: boolean;
                doc?: string;
                downloadLink?: boolean;
                /** @enum {string} */
                grouping?: "by-tag" | "by-operation";
                method?: string;
                models?: boolean;
                page?: string;
            };
            /**
             * @description Kind of source; `builtin:openapi` is the one Bindery computes.
             * @example builtin:openapi
             */
            type: string;
        };
        /** @description What a URL of this Bindery shows (getContentByUrl) — a collection, or a space with the change request and the page the URL names. */
        ContentByUrl: {
            collection: components["schemas"]["Collection"];
        } | {
            changeRequest?: components["schemas"]["ChangeRequest"];
            page?: components["schemas"]["RevisionPage"];
            space: components["schemas"]["Space"];
        };
        /** @description One edit of a batch (Bindery extension), by `op`. */
        ContentEdit: {
            /** @constant */
            op: "createPage";
            page: components["schemas"]["ContentPageCreate"];
        } | {
            /** @constant */
            op: "updatePage";
            page: components["schemas"]["ContentPageUpdate"];
            pageId: string;
        } | {
            /** @constant */
            op: "movePage";
            pageId: string;
            parent?: string | null;
            position?: components["schemas"]["PagePosition"];
        } | {
            /** @constant */
            op: "deletePage";
            pageId: string;
        } | {
            fileId: string;
            /** @constant */
            op: "deleteFile";
        } | {
            /** @constant */
            op: "setVariables";
            /** @description Variables to set; `null` removes one. */
            variables: {
                [key: string]: string | null;
            };
        };
        /** @description The result of a batch of edits (Bindery extension). */
        ContentEditResult: {
            /** @description Ids of the files created. */
            files: string[];
            /** @description Ids of the pages created, in the order of the edits. */
            pages: string[];
            /** @description Id of the revision made by the edits (the unchanged current one when they changed nothing). */
            revision: string;
        };
        /**
         * @description A content import: a durable job (it survives restarts and runs once). `pending` until a worker takes it,
         *     `in-progress` while it fetches, converts and commits (`progress` says how far), then `completed` (`revision`,
         *     `importedResources`, `totalResources`, `pages`) or `failed` (`reason`), or `cancelled`.
         */
        ContentImportRun: {
            /** Format: date-time */
            completedAt?: string;
            /** Format: date-time */
            createdAt: string;
            /** @description ID of the user who started the import. */
            createdBy: string;
            id: string;
            /** @description Bindery extension - pages and files added, when it completed. */
            importedResources?: number;
            /** @enum {string} */
            object: "import-run";
            /** @description The pages the import made (when it completed). */
            pages: {
                id: string;
                /** @enum {string} */
                status: "complete" | "pending";
                /** @enum {string} */
                type: "page" | "folder";
            }[];
            /** @description Bindery extension - how far the import is. */
            progress: {
                /** @description Resources found so far (pages of a crawl, entries of an archive, files). */
                found: number;
                /** @description Resources read so far. */
                read: number;
                /** @enum {string} */
                stage: "queued" | "fetching" | "converting" | "committing" | "done";
            };
            /** @description Why the import failed, when `status` is `failed`. */
            reason?: string;
            /** @description Bindery extension - the revision the import made, when it completed. */
            revision?: string;
            source: components["schemas"]["ContentImportSource"];
            /** Format: date-time */
            startedAt?: string;
            /** @enum {string} */
            status: "pending" | "in-progress" | "completed" | "failed" | "cancelled";
            target: components["schemas"]["ContentImportTarget"];
            /** @description Bindery extension - resources found, when it completed. */
            totalResources?: number;
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the import run in the API.
                 */
                location: string;
            };
        };
        /**
         * @description Where the content is imported from: a website (a same-origin crawl below `url`), or files by URL (each read by its
         *     name: `.md`/`.markdown` as markdown, `.html`/`.htm` as HTML, `.docx` as a Word document, `.zip` as an archive;
         *     Bindery reads `format` instead when given; `format: github-wiki` reads each URL as a GitHub wiki, `notion` as
         *     a Notion export zip, `confluence` as a Confluence space HTML export zip). GitBook's `files` are keys of files
         *     uploaded to it; Bindery takes URLs, fetched through the SSRF guard.
         */
        ContentImportSource: {
            /** @enum {string} */
            type: "website";
            /** Format: uri */
            url: string;
        } | {
            files: string[];
            /**
             * @description Bindery extension - the kind of every file (instead of reading it from the names).
             * @enum {string}
             */
            format?: "markdown" | "html" | "docx" | "zip" | "github-wiki" | "notion" | "confluence";
            /** @enum {string} */
            type: "file";
        };
        /** @description Where the content is imported into - the space, or one of its change requests; at the top level, or under `page`. */
        ContentImportTarget: {
            /** @description ID of the change request to import in. */
            changeRequest?: string;
            /** @description ID of the page to import under. */
            page?: string;
            /** @description ID of the space to import in. */
            space: string;
        };
        /**
         * @description A location in the content (a backlink): `kind` tells whether it is a `page` or a `file`, in `space` of
         *     `organization`, in the version `versionContext`.
         */
        ContentLocation: {
            /** @description Id of the file (kind `file`). */
            file?: string;
            /** @enum {string} */
            kind: "page" | "file";
            /** @description Id of the organization. */
            organization: string;
            /** @description Id of the page (kind `page`). */
            page?: string;
            /** @description Id of the space. */
            space: string;
            versionContext: components["schemas"]["ContentVersionContext"];
        };
        /**
         * @description A new page (Bindery extension). `type` is `document` (default), `group`, `link` (which needs `href`) or
         *     `computed` (which needs `computed`: the API reference generated from an OpenAPI specification). The
         *     slug is derived from the title unless given; a given slug that a sibling already has is refused (409).
         *     Content is given as `markdown` or as a GitBook JSON `document`, and stored as normalised markdown.
         */
        ContentPageCreate: {
            computed?: components["schemas"]["ComputedContentSource"];
            /**
             * @description The page's adaptive-content condition (GitBook's `RevisionPageBase.condition`, Git Sync's `if:` front matter),
             *     e.g. `visitor.claims.unsigned.isPremium`: the published site hides the page and its children from visitors it
             *     is false for (and from everyone when it does not parse). `''` or blank: none.
             */
            condition?: string;
            cover?: components["schemas"]["PageCover"];
            description?: string;
            document?: components["schemas"]["Document"];
            emoji?: string;
            hidden?: boolean;
            /** @description Target of a link page - a URL, or `/pages/<id>` for a page of the space. */
            href?: string;
            icon?: string;
            /** @description Id of the new page (generated when omitted); lets later edits of a batch refer to it. */
            id?: string;
            layout?: components["schemas"]["PageLayout"];
            markdown?: string;
            metaLinks?: components["schemas"]["PageMetaLinks"];
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            /** @description Id of the parent page; the top level when omitted or null. */
            parent?: string | null;
            position?: components["schemas"]["PagePosition"];
            slug?: string;
            title: string;
            /** @enum {string} */
            type?: "document" | "group" | "link" | "computed";
        };
        /** @description Where to move a page (Bindery extension). A page moved next to a sibling with the same slug gets a suffix (`slug-2`). */
        ContentPageMove: {
            /** @description Id of the new parent page; null for the top level; unchanged when omitted. */
            parent?: string | null;
            position?: components["schemas"]["PagePosition"];
        };
        /**
         * @description Changes to a page (Bindery extension); omitted fields are unchanged, `null` clears an optional one. Changing
         *     the title keeps the slug; a slug that a sibling already has is refused (409).
         */
        ContentPageUpdate: {
            computed?: components["schemas"]["ComputedContentSource"];
            /**
             * @description The page's adaptive-content condition (GitBook's `RevisionPageBase.condition`, Git Sync's `if:` front matter),
             *     e.g. `visitor.claims.unsigned.isPremium`: the published site hides the page and its children from visitors it
             *     is false for (and from everyone when it does not parse). `null`, `''` or blank removes it.
             */
            condition?: string | null;
            cover?: components["schemas"]["PageCover"] | null;
            description?: string | null;
            document?: components["schemas"]["Document"];
            emoji?: string | null;
            hidden?: boolean;
            href?: string;
            icon?: string | null;
            layout?: components["schemas"]["PageLayout"] | null;
            markdown?: string;
            /** @description The page's meta links; `null` removes them. */
            metaLinks?: components["schemas"]["PageMetaLinks"] | null;
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            slug?: string;
            title?: string;
        };
        /** @description The role to grant on a space or collection; `null` removes the grant. */
        ContentPermissionUpdate: {
            role: components["schemas"]["MemberRoleOrGuest"];
        };
        /**
         * @description `ok` (no problem), `broken` (the target does not exist in the revision), `in-app` (a URL pointing to an
         *     internal location in the app).
         * @enum {string}
         */
        ContentReferenceStatus: "ok" | "broken" | "in-app";
        /** @description A link found in the content - its target and the locations it is used at. */
        ContentReferenceUsage: {
            /** @description Where the link is used. */
            locationReferences: components["schemas"]["ContentLocation"][];
            /** @enum {string} */
            relation: "reference" | "dependsOn";
            status: components["schemas"]["ContentReferenceStatus"];
            /**
             * @description The target of the link. `kind` is `file`, `page`, `anchor`, `url`, `space`, ...; the other members
             *     depend on the kind.
             */
            targetReference?: {
                file?: string;
                kind: string;
                organization?: string;
                page?: string;
                space?: string;
                url?: string;
                versionContext?: components["schemas"]["ContentVersionContext"];
            };
        };
        /** @description A page of links found in the content, with statistics about all of them. */
        ContentReferenceUsageList: components["schemas"]["List"] & {
            items: components["schemas"]["ContentReferenceUsage"][];
            stats: {
                broken: {
                    /**
                     * @description Count of broken links introduced by change requests: in a change request's list, the broken
                     *     targets of its revision that are not broken in the space's active revision; in a space's list, the
                     *     same count summed over its active (draft or open) change requests — the 50 most recently updated.
                     *     Always present in Bindery's answers.
                     */
                    changeRequest?: number;
                    /** @description Count of broken links. */
                    total: number;
                };
                /** @description Count of links. */
                total: number;
            };
        };
        /** @description The version of the content a reference points into. */
        ContentVersionContext: {
            /** @description Id of the change request (type `change-request`). */
            changeRequest?: string;
            /** @description Id of the revision (type `revision`). */
            revision?: string;
            /** @enum {string} */
            type: "revision" | "change-request";
        };
        copyright: string;
        /** @description Corner style, e.g. `straight`. */
        corners: string;
        /** @description A newly created API token. `token` is the secret; it is shown only in this response and stored only as a hash. */
        CreatedAPIToken: components["schemas"]["APIToken"] & {
            /** @description The secret to send as `Authorization: Bearer <token>`. */
            token: string;
        };
        /**
         * @description A custom font of the organization (GitBook's `CustomizationFontDefinition`): its family and, per weight, the font
         *     file uploaded for it (`POST /v1/orgs/{organizationId}/storage/upload`), served at the source's URL. A site uses it
         *     with this object (or `{id, custom: true}`) as `styling.font` or `styling.headingFont` of its customization.
         */
        CustomFont: {
            /**
             * @description Always `true`: a font of the organization.
             * @enum {boolean}
             */
            custom: true;
            /** @description The weights of the font, lightest first, each with its file. */
            fontFaces: {
                sources: {
                    /** @enum {string} */
                    format: "woff2" | "woff";
                    /**
                     * Format: uri
                     * @description Public URL of the font file (`GET /v1/storage/files/{storageKey}`).
                     */
                    url: string;
                }[];
                weight: number;
            }[];
            /** @description The font-family name used in CSS. */
            fontFamily: string;
            /** @description Unique identifier of the font. */
            id: string;
            permissions: {
                /** @description Whether the caller may change or delete the font (the create role in the organization). */
                edit: boolean;
            };
        };
        /**
         * @description A custom hostname and what it serves: the site whose `hostname` it is (set with `PATCH …/sites/{siteId}
         *     {hostname}`). Bindery serves the site at `/` for every request whose `Host` is the name; pointing the name's DNS
         *     (or a reverse proxy and its TLS certificate) at the server is the operator's part, which Bindery does not check.
         */
        CustomHostname: {
            hostname: string;
            /** @description Whether the hostname serves its site now (the site is published). */
            isActive: boolean;
            /** @constant */
            object: "custom-hostname";
            target: {
                site: string;
                /** @constant */
                type: "site";
            };
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the custom hostname.
                 */
                location: string;
            };
        };
        /** @description A link of a site header, footer or announcement. */
        CustomizationLink: {
            title: string;
            to: components["schemas"]["CustomizationLinkTarget"];
        };
        /**
         * @description Where a link points: a content reference such as `{kind: url, url}`, `{kind: space, space}`,
         *     `{kind: page, page, space?}` or `{kind: file, file, space?}`; `null` for no target.
         */
        CustomizationLinkTarget: {
            /** @description Kind of the reference, e.g. `url`, `space`, `page`, `file`. */
            kind: string;
        } | null;
        /** @description A color for the light and for the dark theme. */
        CustomizationThemedColor: {
            /** @description A color, e.g. `#346DDB`. */
            dark: string;
            /** @description A color, e.g. `#346DDB`. */
            light: string;
        };
        /** @description A URL for the light and for the dark theme. */
        CustomizationThemedURL: {
            /** Format: uri */
            dark: string;
            /** Format: uri */
            light: string;
        };
        /** @description A site feature that is on or off. */
        CustomizationToggle: {
            enabled: boolean;
        };
        /** @description Default theme mode, e.g. `light`. */
        default: string;
        /**
         * @description Default role of the organization's members (those with a role) on a piece of content, as answered: a role, or
         *     `null` when no default role applies (members then have their organization role). Content that inherits its level
         *     (`inherit` on input) answers the level it inherits: the nearest parent collection's that sets one, else `null`.
         *     A caller's role on content is the highest of their organization role, their grants and this chain.
         */
        DefaultLevel: components["schemas"]["MemberRoleOrGuest"];
        /**
         * @description Default role to set on a piece of content: a role, `null` (no default role), or `inherit` to follow the parent
         *     collection (and, at the top level, the member's organization role).
         */
        DefaultLevelInput: components["schemas"]["MemberRoleOrGuest"] | "inherit";
        /** @description Depth style, e.g. `subtle`. */
        depth: string;
        /** @description A rich document (GitBook's JSON document) - blocks and inlines, as GitBook's document schema has them. Bindery adds three optional fields to some nodes' `data`, each kept so that markdown written back from a document (Git Sync exports, `format=markdown`) is byte for byte what was read, and accepted again when a document read is written back: `autolink: true` on a `link` inline read from a bare URL or e-mail address or `<url>` (written back bare); `legacyTag` on a `content-ref` or `swagger` block read from GitBook's older `{% page-ref %}` or `{% swagger %}` tags; `specUrl` on an `openapi-operation`, `openapi-webhook` or `openapi-schemas` block (the URL of its `[OpenAPI <spec>](URL)` line). Clients may ignore them (docs/content-pipeline.md). Inline math inside text is GitBook's `inline-math` inline, `{"object": "inline", "type": "inline-math", "isVoid": true, "data": {"formula": "x^2"}}` (`nodes` optional, empty), written `$$x^2$$` in markdown: its formula must be one line, not empty, without `$$` and not ending in `$` (else 400 naming `…/data/formula`); a `$$` in a text leaf is text. */
        Document: {
            data?: {
                schemaVersion?: number;
            } & {
                [key: string]: unknown;
            };
            nodes: ({
                /** @enum {string} */
                object: "block" | "inline" | "text" | "fragment";
            } & {
                [key: string]: unknown;
            })[];
            /** @constant */
            object: "document";
        };
        /**
         * @description What a URL shows when embedded (GitBook's Embed): its title, site and icon, as a plain `link`, or as `rich` with
         *     the HTML its provider publishes through oEmbed. Bindery fetches the page through its SSRF guard (512 KiB, 5 s);
         *     a page that cannot be fetched or read is a `link` titled by its URL.
         */
        Embed: {
            /** @description With `rich`, the provider's HTML (oEmbed `html`) - render it sandboxed. */
            html?: string;
            /** @description URL of the site's icon. */
            icon?: string;
            /** @description The site's name (`og:site_name`, the oEmbed provider), else its host name. */
            site: string;
            title: string;
            /** @enum {string} */
            type: "link" | "rich";
        };
        emoji: string;
        /**
         * @description An emoji: one emoji grapheme (`📘`, `👩🏽‍💻`, `🇫🇷`, `1️⃣`) or GitBook's code-point form (`1f4d8`, hyphen-separated for
         *     sequences), or the empty string for none. Anything else is refused with 400 naming the field.
         */
        Emoji: string;
        /** @description An emoji reaction on a comment or reply. */
        EmojiReaction: {
            /** @description How many users reacted with this emoji. */
            count: number;
            /** @description The emoji. */
            emoji: string;
            users: {
                /** Format: date-time */
                reactedAt: string;
                user: components["schemas"]["User"];
            }[];
        };
        enabled: boolean;
        /** @description The error body of every failed request. */
        Error: {
            error: {
                /**
                 * @description The HTTP status code.
                 * @example 404
                 */
                code: number;
                /** @description Bindery extension. One entry per invalid field when the request failed validation. */
                errors?: {
                    message: string;
                    /** @description Where in the request the problem is, e.g. `/body/title` or `/query/limit`. */
                    path: string;
                }[];
                /**
                 * @description What went wrong; for invalid input it names the field.
                 * @example Space not found
                 */
                message: string;
            };
        };
        externalLinks: {
            /** @description Where external links open, e.g. `self`. */
            target: string;
        };
        /** @description A reference to a file of the same space. */
        FileContentRef: {
            /** @description Id of the file. */
            file: string;
            /** @constant */
            kind: "file";
        };
        /** @description Font of the site, a font name or a custom font. */
        font: string | Record<string, never>;
        git: {
            showEditLink?: boolean;
        };
        /** @description The Git provider to record on the space for the operation. */
        GitSyncInfoInput: {
            /** @enum {string} */
            provider: "github" | "gitlab";
            /**
             * Format: uri
             * @description URL of the repository.
             */
            url: string;
        };
        /**
         * @description Metadata about the Git Sync set up on a space. On `Space.gitSync` only the provider fields are shown; `GET
         *     …/git/info` adds the synchronised ref and folder, the last commit synchronised and the last operation.
         */
        GitSyncState: {
            /** @description The commit last imported into or exported from the space. */
            commit?: string;
            /** @description The Git Sync installation. Bindery sets Git Sync up per space, so it is the space's id. */
            installationId: string;
            /**
             * @description The Git Sync provider: from `gitInfo.provider`, or the repository's host (github.com, GitLab); absent for a repository on another host (Bindery syncs any Git server over smart HTTP).
             * @enum {string}
             */
            installationProvider?: "github" | "gitlab" | "github-legacy";
            /**
             * @description Status of the installation (always `active` once Git Sync is set up).
             * @enum {string}
             */
            installationStatus: "unauthenticated" | "active" | "pending";
            /** @description Name of the integration that performs the synchronisation. */
            integration?: string;
            /** @description The latest import or export requested on the space. */
            operation?: {
                /** @description The commit imported, or the commit the export pushed. */
                commit?: string;
                /** @enum {string} */
                direction: "import" | "export";
                /** Format: date-time */
                endedAt?: string;
                /** @description Why the operation failed (credentials never appear in it). */
                error?: string;
                id: string;
                /** @description Bindery extension: set on an import during which the space's content changed (pages created or edited through the API while it ran). The branch's tree is the revision `imported` (its parent: `base`, the revision the import started from; it carries the commit), three-way merged with those changes (base: `base`, theirs: `imported`, ours: `head`) into `revision`, whose parents are `head` and `imported`. Where the two changed the same thing differently (`conflicts`), the repository wins; everything the import did not change keeps the space's changes. */
                merged?: {
                    /** @description The revision the import started from. */
                    base: string;
                    /** @description What both changed differently, resolved in the repository's favour. */
                    conflicts: {
                        field?: string;
                        fileId?: string;
                        /** @description As change request conflicts name it (`<kind>:<target>[:<field>]`). */
                        id: string;
                        /** @enum {string} */
                        kind: "content" | "title" | "slug" | "metadata" | "move" | "delete-modify" | "file" | "variable";
                        pageId?: string;
                        variable?: string;
                    }[];
                    /** @description The space's revision when the import committed (holding the changes made meanwhile). */
                    head: string;
                    /** @description The revision holding the branch's tree as it is (not the space's content). */
                    imported: string;
                };
                /** @description The revision the operation created (import) or exported (export). */
                revision?: string;
                /** @description Why a successful operation changed nothing (same commit, same content, an older timestamp). */
                skipped?: string;
                /** @description A standalone import (a revision that does not become the space's content). */
                standalone?: boolean;
                /** Format: date-time */
                startedAt: string;
                /**
                 * @description `running` also while it waits for its turn.
                 * @enum {string}
                 */
                state: "running" | "failure" | "success" | "timeout";
            };
            /** @description How long an operation may run before it is stopped (milliseconds). */
            operationTimeout?: number;
            /** @description The folder of the repository holding the space's content ('' for the root). */
            projectDirectory?: string;
            /** @description The Git ref synchronised with the space (`refs/heads/<branch>`). */
            ref?: string;
            /** @description Name of the synchronised repository. */
            repoName?: string;
            /**
             * Format: date-time
             * @description When the synchronisation was last updated.
             */
            updatedAt?: string;
            /** @description URL of the repository. */
            url?: string;
        };
        /** @description Bindery extension. The push webhook of a space's Git Sync. */
        GitWebhook: {
            /** @description The events acted on. */
            events: "push"[];
            /** @description The synchronised branch; pushes to other refs are ignored. */
            ref: string;
            /** @description The secret (GitHub's webhook secret, GitLab's secret token). Keep it private. */
            secret: string;
            /** @description Where the Git provider sends push events (`POST`). */
            url: string;
        };
        /** @description Bindery extension. What a push webhook delivery did. */
        GitWebhookResult: {
            /** @description Id of the import operation (as `GET …/git/info` shows it). */
            operation?: string;
            /** @description Why the event was ignored. */
            reason?: string;
            /**
             * @description `queued`: an import was queued (`operation`); `pending`: an import of the branch was already waiting to
             *     run, it imports this push too (`operation`); `ignored`: nothing to do (`reason`); `pong`: a ping.
             * @enum {string}
             */
            result: "queued" | "pending" | "ignored" | "pong";
        };
        /** @description One change of a glossary batch. */
        GlossaryBatchOperation: {
            translations: components["schemas"]["GlossaryTranslations"];
            /** @enum {string} */
            type: "insert";
        } | {
            id: string;
            translations: components["schemas"]["GlossaryTranslations"];
            /** @enum {string} */
            type: "update";
        } | {
            id: string;
            /** @enum {string} */
            type: "delete";
        };
        /** @description One entry of an organization's translation glossary. */
        GlossaryEntry: {
            /** Format: date-time */
            createdAt: string;
            /** @description Unique identifier of the glossary entry. */
            id: string;
            /** @enum {string} */
            object: "glossary-entry";
            translations: components["schemas"]["GlossaryTranslations"];
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the glossary entry in the API.
                 */
                location: string;
            };
        };
        /**
         * @description The entry's term in each language, by language code (`Language`): the term in the source language of a
         *     translation run becomes the term in its target language (docs/translations.md, "Glossary").
         */
        GlossaryTranslations: {
            [key: string]: string;
        };
        groups: {
            links: components["schemas"]["CustomizationLink"][];
            title: string;
        }[];
        /** @description Icon style, e.g. `regular`. */
        icons: string;
        /**
         * @description Import content from a URL into the space, a page, a change request or a page of a change request. Bindery imports
         *     `markdown` (one document), `html` (one page), `docx` (one Word document, images as files), `zip` (a tree of
         *     markdown files — GitBook's Git Sync format, SUMMARY.md honoured — or of HTML files, with their assets) and
         *     `website` (a same-origin crawl below the URL, bounded in pages, depth, bytes and time) and `github-wiki` (a GitHub
         *     wiki, `https://github.com/<owner>/<repo>/wiki` or the git URL of a wiki repository: its markdown pages, Home first
         *     and in `_Sidebar.md`'s order, wiki links as page links, images as files) and `notion` (a Notion "Markdown & CSV"
         *     export zip: pages and their folders, links between them, images and attachments, databases as tables) and
         *     `confluence` (a Confluence space HTML export zip: each page's `#main-content`, the tree of index.html or of the
         *     breadcrumbs, links between pages, attachments as files); `google-docs` answers 400 listing the supported sources. Archives are refused (400 naming the limit) past 10,000 entries, 256 MiB unpacked,
         *     a compression ratio of 200 for an entry over 1 MiB, 32 folder levels, or with paths leaving the archive.
         */
        ImportContentInput: {
            /**
             * @description What kind of content the URL holds.
             * @enum {string}
             */
            source: "website" | "docx" | "markdown" | "html" | "zip" | "confluence" | "github-wiki" | "notion" | "google-docs";
            /**
             * Format: uri
             * @description URL of the content to import.
             */
            url: string;
        };
        /** @description The result of an import. */
        ImportContentResult: {
            /** @description Count of resources imported. */
            importedResources: number;
            /** @description Id of the revision created by the import. */
            revision: string;
            /** @description Count of resources found. */
            totalResources: number;
        };
        insights: {
            trackingCookie?: boolean;
        };
        /** @description An installation of an integration, its status, and what it is installed on. */
        InstalledIntegration: {
            integration: components["schemas"]["Integration"];
            status: components["schemas"]["IntegrationInstallationStatus"];
            target: {
                organizationId: string;
                /** @constant */
                type: "organization";
            } | {
                spaceId: string;
                /** @constant */
                type: "space";
            } | {
                siteId: string;
                /** @constant */
                type: "site";
            };
        };
        /** @description An integration (an app that can be installed on organizations, spaces and sites). */
        Integration: {
            blocks?: components["schemas"]["IntegrationBlock"][];
            categories: components["schemas"]["IntegrationCategory"][];
            configurations?: components["schemas"]["IntegrationConfigurations"];
            contentSecurityPolicy?: components["schemas"]["IntegrationContentSecurityPolicy"];
            contentSources?: components["schemas"]["IntegrationContentSource"][];
            description?: string;
            externalLinks: components["schemas"]["IntegrationExternalLink"][];
            /** @description Unique name of the integration. */
            name: string;
            /** @constant */
            object: "integration";
            owner: components["schemas"]["Organization"];
            permissions: {
                /** @description Can the caller administrate (publish, unpublish) the integration. */
                admin: boolean;
            };
            /** @description URLs of images that showcase the integration. */
            previewImages: string[];
            scopes: components["schemas"]["IntegrationScope"][];
            /** @description Long-form Markdown summary of the integration. */
            summary?: string;
            target: components["schemas"]["IntegrationTarget"];
            title: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the integration in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description URL of the assets of the integration.
                 */
                assets: string;
                /**
                 * Format: uri
                 * @description URL of the icon of the integration.
                 */
                icon?: string;
                /**
                 * Format: uri
                 * @description API URL of the integration.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Public endpoint serving the integration's rendered content (GitBook's WebFrames origin). Bindery has no separate content origin, so it equals `publicEndpoint`.
                 */
                publicContentEndpoint: string;
                /**
                 * Format: uri
                 * @description Public HTTP endpoint of the integration.
                 */
                publicEndpoint: string;
            };
            /** @description Whether the integration has been verified. */
            verified: boolean;
            /** @description Version of the integration, incremented on each publish. */
            version: number;
            visibility: components["schemas"]["IntegrationVisibility"];
        };
        /** @description A custom block provided by an integration. */
        IntegrationBlock: {
            description?: string;
            /** @description URL of the icon of the block. */
            icon?: string;
            /** @description Unique id of the block in the integration; it is also the UI component used. */
            id: string;
            /** @description How the block is written as Markdown (a code block). */
            markdown?: {
                /** @description Key of the property used as the body of the code block. */
                body: string;
                /** @description Code block syntax identifying the block. */
                codeblock: string;
            };
            title: string;
            /** @description URL patterns converted to this block. */
            urlUnfurl?: string[];
        };
        /**
         * @description A marketplace category of integrations.
         * @enum {string}
         */
        IntegrationCategory: "analytics" | "collaboration" | "content" | "marketing" | "visitor-auth" | "other";
        /**
         * @description The configuration an integration expects at one level (account, space or site): either a schema of
         *     properties, or a ContentKit component.
         */
        IntegrationConfiguration: {
            /** @description The configuration properties, by name. */
            properties: {
                [key: string]: {
                    button_text?: string;
                    callback_url?: string;
                    /** @description URL called to fetch suggestions for the property. */
                    completion_url?: string;
                    default?: string | number | boolean;
                    description?: string;
                    /** @description The only values allowed for the property. */
                    enum?: string[];
                    title?: string;
                    /**
                     * @description Type of the property.
                     * @enum {string}
                     */
                    type: "string" | "number" | "boolean" | "button";
                };
            };
            /** @description Names of the required properties. */
            required?: string[];
        } | {
            /** @description Id of the ContentKit component that renders the configuration. */
            componentId: string;
        };
        /** @description The configurations an integration expects, per level. */
        IntegrationConfigurations: {
            account?: components["schemas"]["IntegrationConfiguration"];
            site?: components["schemas"]["IntegrationConfiguration"];
            space?: components["schemas"]["IntegrationConfiguration"];
        };
        /** @description Configuration values of an installation, space installation or site installation (free-form). */
        IntegrationConfigurationValues: {
            [key: string]: unknown;
        };
        /**
         * @description Content Security Policy sent as headers when processing the script fetch event and the block fetch events of
         *     the integration: a policy string, or an object of directives (e.g. `script-src`) to values.
         */
        IntegrationContentSecurityPolicy: string | {
            [key: string]: string;
        };
        /** @description A content source provided by an integration. */
        IntegrationContentSource: {
            configuration: {
                /** @description Id of the ContentKit component that configures the source. */
                componentId: string;
            };
            description?: string;
            /** @description URL of the icon of the content source. */
            icon?: string;
            /** @description Unique id of the content source in the integration. */
            id: string;
            title: string;
        };
        /** @description An event delivered to an integration. */
        IntegrationEvent: {
            /** Format: date-time */
            createdAt: string;
            /** @description Unique identifier of the event. */
            id: string;
            /** @description Id of the installation the event concerns, for installation events. */
            installationId?: string;
            /** @description Id of the integration. */
            integrationId: string;
            /** @description The event as delivered; `type` identifies it, other fields depend on it. */
            payload: {
                /**
                 * @description The git commit (sha), for `space_gitsync_started` / `space_gitsync_completed` events: the commit an import
                 *     reads, or the commit an export made of the revision (sent before it is pushed).
                 */
                commitId?: string;
                /** @description The component rendered, for `ui_render` events. */
                componentId?: string;
                /** @description Unique identifier of the event. */
                eventId: string;
                /** @description The visitor's rating and comment, for `page_feedback` events. */
                feedback?: {
                    comment?: string;
                    rating: components["schemas"]["PageFeedbackRating"];
                };
                installationId?: string;
                /** @description The page rated, for `page_feedback` events; the page viewed, for `site_view` events. */
                pageId?: string;
                /** @description State of the installation before the event, for `installation_setup` events. */
                previous?: {
                    configuration?: {
                        [key: string]: unknown;
                    };
                    status?: components["schemas"]["IntegrationInstallationStatus"];
                };
                previousVisibility?: components["schemas"]["SpaceVisibility"];
                /** @description The page the visitor came from (empty when unknown), for `page_feedback` and `site_view` events. */
                referrer?: string;
                /** @description The HTTP request, for `fetch` events. */
                request?: {
                    headers?: {
                        [key: string]: string;
                    };
                    method?: string;
                    url?: string;
                };
                /**
                 * @description The new revision, for `space_content_updated` events. For `space_gitsync_started`: the space's revision an
                 *     import starts from, or the revision an export writes; for `space_gitsync_completed`: the revision an import
                 *     made (the one it started from when it changed nothing or failed), or the revision exported.
                 */
                revisionId?: string;
                siteId?: string;
                /** @description The site space viewed, for `site_view` events. */
                siteSpaceId?: string;
                spaceId?: string;
                /**
                 * @description For `space_gitsync_completed` events, how the sync ended: `success` or `failure` (a timeout is a `failure`).
                 *     For `ui_render` events, the component's state (an object).
                 */
                state?: unknown;
                status?: components["schemas"]["IntegrationInstallationStatus"];
                /** @enum {string} */
                type: "installation_setup" | "installation_deleted" | "space_installation_setup" | "space_installation_deleted" | "site_installation_setup" | "site_installation_deleted" | "site_view" | "space_content_updated" | "space_gitsync_completed" | "space_gitsync_started" | "space_visibility_updated" | "task" | "fetch" | "fetch_published_script" | "fetch_visitor_authentication" | "ui_render" | "content_compute_document" | "content_compute_revision" | "page_feedback";
                /** @description The users who made the change, for `space_content_updated` events. */
                updatedBy?: components["schemas"]["User"][];
                /**
                 * @description The published page's URL, for `page_feedback` events; the URL viewed with its query (but for `jwt_token`,
                 *     `share` and `preview`), for `site_view` events.
                 */
                url?: string;
                visibility?: components["schemas"]["SpaceVisibility"];
                /**
                 * @description Who gave the feedback (`page_feedback`) or viewed the page (`site_view`): `cookies` is always empty;
                 *     `anonymousId` is the same for one visitor (address and User-Agent) of one site for one day (UTC).
                 */
                visitor?: {
                    anonymousId?: string;
                    cookies?: {
                        [key: string]: string;
                    };
                    ip?: string;
                    language?: string;
                    userAgent?: string;
                };
            };
            /**
             * @description Whether the integration handled the event successfully. Bindery adds `pending`: the event is recorded and
             *     waiting for (another) delivery attempt.
             * @enum {string}
             */
            status: "success" | "failed" | "pending";
        };
        /** @description External ids assigned by the integration (at most 5), e.g. the id of the matching account in its own system. */
        IntegrationExternalIds: string[];
        /** @description An external link configured by the developer of an integration. */
        IntegrationExternalLink: {
            label: string;
            /** Format: uri */
            url: string;
        };
        /** @description An installation of an integration on an organization. */
        IntegrationInstallation: {
            /** @description Account-level configuration of the installation (free-form). */
            configuration: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** @description External ids assigned by the integration. */
            externalIds: string[];
            /** @description Unique identifier of the installation. */
            id: string;
            /**
             * @description Whether the installation covers all sites or a selection.
             * @enum {string}
             */
            site_selection: "all" | "selected";
            /**
             * @description Whether the installation covers all spaces or a selection.
             * @enum {string}
             */
            space_selection: "all" | "selected";
            /** @description Count of spaces the installation manages. */
            spaces: number;
            status: components["schemas"]["IntegrationInstallationStatus"];
            /** @description What the integration is installed on. */
            target: {
                /** @description Id of the organization. */
                organization: string;
            };
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the installation in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description API URL of the installation.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Public endpoint serving the integration's rendered content (GitBook's WebFrames origin). Bindery has no separate content origin, so it equals `publicEndpoint`.
                 */
                publicContentEndpoint: string;
                /**
                 * Format: uri
                 * @description Public HTTP endpoint of the installation.
                 */
                publicEndpoint: string;
            };
        };
        /**
         * @description Status of an integration installation.
         * @enum {string}
         */
        IntegrationInstallationStatus: "active" | "pending" | "paused";
        /** @description A temporary API token acting as an installation. */
        IntegrationInstallationToken: {
            /**
             * Format: date-time
             * @description When the token stops working.
             */
            expiresAt?: string;
            /**
             * @description The token, sent as `Authorization: Bearer <token>`. It acts only within the installation's organization,
             *     on the spaces and sites the installation covers, with the scopes the integration declared; it expires one
             *     hour after it was made.
             */
            token: string;
        };
        /**
         * @description A permission granted to an integration.
         * @enum {string}
         */
        IntegrationScope: "space:content:read" | "space:content:write" | "space:metadata:read" | "space:metadata:write" | "space:git:sync" | "page:feedback:read" | "site:metadata:read" | "site:views:read" | "site:script:inject" | "site:script:cookies" | "site:visitor:auth" | "site:visitor:claims" | "site:adaptive:read" | "site:adaptive:write" | "conversations:ingest" | "openapi:read" | "openapi:write";
        /** @description An integration enabled on a site (through an installation). */
        IntegrationSiteInstallation: {
            /** @description Site-level configuration (free-form). */
            configuration: {
                [key: string]: unknown;
            };
            externalIds: string[];
            /** @description Id of the installation. */
            installation: string;
            /** @description Name of the integration. */
            integration: string;
            /** @description The site - its id, or the full site when `extended=true`. */
            site: string | components["schemas"]["Site"];
            status: components["schemas"]["IntegrationInstallationStatus"];
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the site installation.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Public endpoint serving the integration's rendered content (GitBook's WebFrames origin). Bindery has no separate content origin, so it equals `publicEndpoint`.
                 */
                publicContentEndpoint: string;
                /**
                 * Format: uri
                 * @description Public HTTP endpoint of the site installation.
                 */
                publicEndpoint: string;
            };
        };
        /** @description An integration enabled on a space (through an installation). */
        IntegrationSpaceInstallation: {
            /** @description Space-level configuration (free-form). */
            configuration: {
                [key: string]: unknown;
            };
            externalIds: string[];
            /** @description Id of the installation. */
            installation: string;
            /** @description Name of the integration. */
            integration: string;
            /** @description The space - its id, or the full space when `extended=true`. */
            space: string | components["schemas"]["Space"];
            status: components["schemas"]["IntegrationInstallationStatus"];
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the space installation.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Public endpoint serving the integration's rendered content (GitBook's WebFrames origin). Bindery has no separate content origin, so it equals `publicEndpoint`.
                 */
                publicContentEndpoint: string;
                /**
                 * Format: uri
                 * @description Public HTTP endpoint of the space installation.
                 */
                publicEndpoint: string;
            };
        };
        /**
         * @description Where an integration can be installed and configured; `all` means every target (organization, spaces, sites).
         * @enum {string}
         */
        IntegrationTarget: "all" | "site" | "space" | "organization";
        /**
         * @description Who can see and install an integration.
         * @enum {string}
         */
        IntegrationVisibility: "public" | "private" | "unlisted";
        internationalization: {
            /**
             * @description Language of the site's own texts, e.g. `en`: the published site shows its own words (search box, "on this
             *     page", previous and next, page actions, theme switch, 404 and search pages) in `en`, `fr`, `es`, `zh`, `ja`,
             *     `de`, `nl`, `no` or `pt-br` (GitBook's locales; `ru` too), English for any other.
             */
            locale: string;
        };
        /** @description An invite link to one collection of the organization: whoever joins with it becomes a member of the organization (a guest when they were not one) and is granted `level` on the collection (and so on what it holds), as `inviteToCollection` grants it. */
        InviteLinkToCollection: {
            collection: components["schemas"]["Collection"];
            /** Format: date-time */
            createdAt: string;
            id: string;
            level: components["schemas"]["MemberRole"];
            /** @constant */
            object: "invite";
            /** @description Whether the caller already has at least `level` on the collection. */
            redundant: boolean;
            urls: components["schemas"]["InviteLinkUrls"];
        };
        /** @description An invite link to the organization; whoever joins with it becomes a member with its `role`. */
        InviteLinkToOrganization: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            /** @constant */
            object: "invite";
            /** @description Whether the caller already has every permission the invite gives. Only organization admins see invite links to the organization, and an admin holds every role an invite can give, so it is always true here. */
            redundant: boolean;
            role: components["schemas"]["MemberRoleOrGuest"];
            urls: components["schemas"]["InviteLinkUrls"];
        };
        /** @description An invite link to one space of the organization: whoever joins with it becomes a member of the organization (a guest when they were not one) and is granted `level` on the space, as `inviteToSpace` grants it. */
        InviteLinkToSpace: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            level: components["schemas"]["MemberRole"];
            /** @constant */
            object: "invite";
            /** @description Whether the caller already has at least `level` on the space. */
            redundant: boolean;
            space: components["schemas"]["Space"];
            urls: components["schemas"]["InviteLinkUrls"];
        };
        /** @description Bindery extension. Where the invite link is read, and where to join with it. */
        InviteLinkUrls: {
            /** @description The API URL to POST to in order to join (`joinOrganizationWithInvite`). */
            invite: string;
            location: string;
        };
        /** @description Grant a role on a space, collection or site to users and/or teams of its organization. */
        InviteToContent: {
            role: components["schemas"]["MemberRoleOrGuest"];
            /** @description Ids of teams of the organization to grant the role to. */
            teams?: string[];
            /** @description Ids of users (members of the organization) to grant the role to. */
            users?: string[];
        };
        /**
         * @description A language code.
         * @enum {string}
         */
        Language: "en" | "fr" | "de" | "es" | "it" | "pt" | "pt-br" | "ru" | "ja" | "zh" | "zh-tw" | "yue" | "ko" | "ar" | "hi" | "nl" | "pl" | "tr" | "sv" | "no" | "da" | "fi" | "el" | "cs" | "hu" | "ro" | "th" | "vi" | "id" | "ms" | "he" | "uk" | "sk" | "bg" | "hr" | "lt" | "lv" | "et" | "sl";
        /** @description Link style, e.g. `default`. */
        links: string;
        "links-2": {
            /** @description Expression deciding whether the item is shown to a visitor. */
            condition?: string;
            links?: components["schemas"]["CustomizationLink"][];
            /** @description Style of the item, e.g. `link`. */
            style?: string;
            title: string;
            to: components["schemas"]["CustomizationLinkTarget"];
        }[];
        /** @description The envelope of every list. Lists are `allOf` this and `{items}`. */
        List: {
            /** @description Total count of objects in the list. */
            count?: number;
            /** @description Present when there are more results; pass `page` back to fetch them. */
            next?: {
                /** @description Opaque cursor of the next page of results. */
                page: string;
            };
        };
        /**
         * @default desc
         * @enum {string}
         */
        ListOrder: "asc" | "desc";
        /** @description A member of an organization. */
        Member: {
            disabled: boolean;
            /** @description The user's id. */
            id: string;
            /** Format: date-time */
            joinedAt: string;
            /** Format: date-time */
            lastSeenAt?: string;
            /** @constant */
            object: "member";
            role: components["schemas"]["MemberRoleOrGuest"];
            sites?: number;
            /** @description Number of spaces the member has been granted a role on. */
            spaces: number;
            /** @description Whether the user signs in with SSO. */
            sso: boolean;
            /** @description Number of teams the member belongs to. */
            teams: number;
            user: components["schemas"]["User"];
        };
        /**
         * @description A role, highest first: `admin` (administrate content, create and delete spaces), `create` (create content),
         *     `edit` (edit content live or in change requests), `review` (review content), `comment` (access content and
         *     discussions), `read` (read only).
         * @enum {string}
         */
        MemberRole: "admin" | "create" | "edit" | "review" | "comment" | "read";
        /** @description A role, or `null` for guests (no role). */
        MemberRoleOrGuest: components["schemas"]["MemberRole"] | null;
        /** @description One merge rule. Every rule of a `rules` configuration must pass before a change request can be merged. */
        MergeRule: {
            /** @enum {string} */
            rule: "require_specific_reviewers" | "require_one_of_specific_reviewers" | "allow_bypass";
            users: string[];
        } | {
            /** @enum {string} */
            rule: "require_at_least_one_review" | "require_at_least_one_approved_review" | "require_all_reviews_approved" | "require_up_to_date_change_request" | "require_change_request_subject" | "require_change_request_description" | "require_author_to_merge";
        };
        /**
         * @description Merge rules of a space or organization, as answered: `inherit` (a space follows its organization; an organization
         *     with no rules of its own), or `rules`, which must all pass (an empty list merges without review).
         */
        MergeRules: {
            /** @constant */
            type: "inherit";
        } | {
            rules: components["schemas"]["MergeRule"][];
            /** @constant */
            type: "rules";
        };
        /**
         * @description Merge rules to set on a space or organization. Besides the answered forms (`inherit`, `rules`), GitBook's `none`
         *     ("merged without review") is accepted: it is answered as `{type: rules, rules: []}` on a space, and as
         *     `{type: inherit}` on an organization (an organization with no rules).
         */
        MergeRulesInput: {
            /** @enum {string} */
            type: "inherit" | "none";
        } | {
            rules: components["schemas"]["MergeRule"][];
            /** @constant */
            type: "rules";
        };
        message: string;
        /** @description Monospace font of the site. */
        monospaceFont: string;
        /** @description An OpenAPI specification stored in an organization. */
        OpenAPISpec: {
            /** Format: date-time */
            createdAt: string;
            /** @description Unique identifier of the specification. */
            id: string;
            /** Format: date-time */
            lastProcessedAt?: string;
            /** @description Total number of processing errors, before `lastProcessedErrors` was truncated. */
            lastProcessedErrorCount: number;
            /** @description The errors of the last processing (at most 50), each naming where it is (a JSON pointer into the document, or the URL). */
            lastProcessedErrors?: {
                /** @description Kind of error, e.g. `required`, `additionalProperties`, `invalid-reference`, `duplicate-operation-id`. */
                code?: string;
                /** @description What is wrong and where. */
                message: string;
            }[];
            /**
             * @description Why the last processing failed, when it did: `FETCH_TIMEOUT` (the URL, or a URL it references, did not answer
             *     in time), `FETCH_ERROR` (it could not be fetched: refused address, HTTP error, too large), `PARSE_ERROR` (not
             *     JSON or YAML, not an OpenAPI 3.0/3.1 or Swagger 2.0 document, or invalid).
             * @enum {string}
             */
            lastProcessErrorCode?: "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
            /** @description Id of the latest version. */
            lastVersion?: string;
            /** @constant */
            object: "openapi-spec";
            permissions: {
                /** @description Can the caller edit the specification. */
                edit: boolean;
                /** @description Can the caller view the specification. */
                view: boolean;
            };
            /**
             * @description Where processing of the latest source stands: `pending` (queued), `progress` (being fetched, parsed and
             *     validated), `complete` (done). A processing that failed is `complete` with `lastProcessErrorCode` and
             *     `lastProcessedErrors` set; the versions made before stay available.
             * @enum {string}
             */
            processingState: "pending" | "progress" | "complete";
            /** @description Slug of the specification, unique in the organization. */
            slug: string;
            /**
             * Format: uri
             * @description URL the specification is fetched from, when it has a URL source.
             */
            sourceURL?: string;
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the specification in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description API URL of the specification.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Public URL of the specification; present only when its visibility is `public`.
                 */
                published?: string;
            };
            visibility?: components["schemas"]["OpenAPISpecVisibility"];
        };
        /**
         * @description The content of a version: every document of the specification in `filesystem` (the entry document and each
         *     document it references by URL, parsed), and where it can be fetched.
         */
        OpenAPISpecContent: {
            /** @description The documents of the specification. */
            filesystem: {
                /** @description The `uri` of the entry document. */
                entrypoint: string;
                files: {
                    /** @enum {string} */
                    format: "json" | "yaml";
                    isEntrypoint: boolean;
                    /** @description The parsed document. */
                    specification: unknown;
                    /** @description Where the document came from (its URL, or `openapi.json`/`openapi.yaml` for a text source). */
                    uri: string;
                }[];
            };
            urls: {
                /** @description Public URL of the raw specification, for specs whose visibility is `public`; null otherwise. */
                public: null | string;
                /**
                 * Format: uri
                 * @description Where the entry document came from (its URL, or the API URL of its raw content for a text source).
                 */
                source: string;
            };
        };
        /** @description The entry document of a version exactly as it was submitted or fetched. */
        OpenAPISpecRawContent: {
            /**
             * @description The format of the text.
             * @enum {string}
             */
            format: "json" | "yaml";
            /** @description The raw text. */
            text: string;
        };
        /** @description Where the specification comes from - a URL to fetch it from, or its text. */
        OpenAPISpecSource: {
            /**
             * Format: uri
             * @description URL to fetch the specification from.
             */
            url: string;
        } | {
            /** @description The specification as JSON or YAML text. */
            text: string;
        };
        /** @description One version of an OpenAPI specification; a new version is made each time processing finds content that differs from the latest version. */
        OpenAPISpecVersion: {
            /** Format: date-time */
            createdAt?: string;
            /** @description Unique identifier of the version. */
            id: string;
            /** @constant */
            object: "openapi-spec-version";
            /**
             * Format: uri
             * @description URL the version was fetched from, or the API URL of its raw content for a text source.
             */
            url: string;
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the version.
                 */
                location: string;
            };
        };
        /**
         * @description `private`: the spec is not publicly available; `public`: anyone with a public link can get it.
         * @enum {string}
         */
        OpenAPISpecVisibility: "private" | "public";
        Organization: {
            /** @description Whether AI features are enabled. */
            ai?: boolean;
            /** @description Whether the organization's audit log can be read (by its admins: `GET /orgs/{organizationId}/audit-events`). Always true in Bindery (GitBook ties it to a plan; Bindery has none). */
            auditLogs?: boolean;
            billing?: {
                /** Format: date-time */
                endDate?: string;
                hasPaymentFailed?: boolean;
                /** @enum {string} */
                interval?: "monthly" | "yearly";
                isScheduledToCancel?: boolean;
            };
            blocked?: {
                reason?: string;
                /** @enum {string} */
                source?: "backoffice";
            };
            /** @enum {string} */
            communityType?: "nonProfit" | "openSource" | "education";
            /** Format: date-time */
            createdAt: string;
            customHostname?: string;
            defaultContent?: components["schemas"]["OrganizationDefaultContent"] | null;
            defaultRole?: components["schemas"]["MemberRoleOrGuest"];
            /** @description Email domains whose users may join the organization with `POST /v1/orgs/{organizationId}/join`. */
            emailDomains: string[];
            /** @description Default hostname for public content. */
            hostname?: string;
            id: string;
            /**
             * @deprecated
             * @description Always true.
             */
            internal_isOnNewTrial?: boolean;
            /** @description Whether invite links are enabled. */
            inviteLinks: boolean;
            mergeRules: components["schemas"]["MergeRules"];
            /** @constant */
            object: "organization";
            permissions: components["schemas"]["OrganizationPermissions"];
            /** @enum {string} */
            plan: "free_2024" | "plus_2024" | "pro_2024" | "enterprise_2024" | "community_2024" | "free" | "plus" | "pro" | "internal";
            /** @description Whether SSO is enforced organization-wide. */
            sso?: boolean;
            title: string;
            trial: {
                count?: number;
                /** @enum {string} */
                decision?: "downgrade";
                /** Format: date-time */
                endDate?: string;
                /** @enum {string} */
                status: "notapplicable" | "none" | "active" | "ended" | "expired";
            };
            /** @enum {string} */
            type: "business" | "community";
            urls: {
                /** @description URL of the organization in the application. */
                app: string;
                /** @description API URL of the organization. */
                location: string;
                /** @description URL of the organization's logo, when set. */
                logo?: string;
            };
            /** @enum {string} */
            useCase?: "internalDocs" | "docsSite" | "audienceControlledSite" | "productDocs" | "teamKnowledgeBase" | "designSystem" | "openSourceDocs" | "notes" | "other";
        };
        /** @description The default content of the organization. */
        OrganizationDefaultContent: {
            site: string;
            /** @constant */
            type: "site";
        };
        /** @description Email domains (e.g. `example.com`) whose verified users may join the organization. */
        OrganizationEmailDomains: string[];
        /** @description Default hostname for public content (unique across the instance). */
        OrganizationHostname: string;
        /** @description An invite link of an organization, to the organization (`role`), to a space or to a collection (`level`). */
        OrganizationInviteLink: components["schemas"]["InviteLinkToOrganization"] | components["schemas"]["InviteLinkToSpace"] | components["schemas"]["InviteLinkToCollection"];
        /** @description What the caller may do with the organization, derived from their role. */
        OrganizationPermissions: {
            /** @description Whether the caller can open the organization in the application (any member, guests included). */
            access: boolean;
            admin: boolean;
            createContent: boolean;
            createOpenAPISpec: boolean;
            ingestConversations: boolean;
            installIntegration: boolean;
            listInstallations: boolean;
            listIntegrations: boolean;
            listMembers: boolean;
            listTeams: boolean;
            ownTeam: boolean;
            view: boolean;
            viewBilling: boolean;
        };
        /**
         * @description The actions offered on a page: the seed's flags, or GitBook's `items`; both are answered, and `items` wins when
         *     both are given. Without `items`, the answered `items` also hold `pdf` (the published site offers its PDF,
         *     `~gitbook/pdf`, unless `items` is given without it).
         */
        pageActions: {
            externalAI?: boolean;
            items?: ("assistant" | "external-ai" | "markdown" | "mcp" | "git" | "pdf")[];
            markdown?: boolean;
            mcp?: boolean;
        };
        /** @description Cover image of a page (files of the same space). */
        PageCover: {
            ref?: components["schemas"]["FileContentRef"];
            refDark?: components["schemas"]["FileContentRef"];
            /** @description Vertical position of the cover image. */
            yPos?: number;
        };
        /**
         * @description GitBook's page feedback rating.
         * @enum {string}
         */
        PageFeedbackRating: "bad" | "ok" | "good";
        /**
         * @description How a page is laid out. As answered on document pages, every option (GitBook's defaults for those never set:
         *     `width: default`, `coverSize: hero`, `coverMask: none`, every element visible).
         */
        PageLayout: {
            /** @description Whether the page actions are shown. */
            actions?: boolean;
            /** @description Whether anchor links are shown on headings. */
            anchors?: boolean;
            cover?: boolean;
            /** @enum {string} */
            coverMask?: "none" | "radial";
            /** @enum {string} */
            coverSize?: "hero" | "full" | "background";
            description?: boolean;
            metadata?: boolean;
            outline?: boolean;
            pagination?: boolean;
            tableOfContents?: boolean;
            /** @description Whether the page's tags are shown. */
            tags?: boolean;
            title?: boolean;
            /** @enum {string} */
            width?: "default" | "wide";
        };
        /**
         * @description A page's meta links (GitBook's `RevisionPageMetaLinks`): its `canonical` URL and its `alternates` (the same
         *     content elsewhere, e.g. in another language), each a page (`{kind: page, page, space?}`, `space` omitted for
         *     this space) or an absolute http(s) URL (`{kind: url, url}`). Published pages carry them as `<link rel="canonical">`
         *     and `<link rel="alternate">`. Stored with the page in each revision; set with the page edits (`metaLinks`) and
         *     carried by Git Sync as the `metaLinks` frontmatter key.
         */
        PageMetaLinks: {
            alternates?: components["schemas"]["PageMetaLinkTarget"][];
            canonical?: components["schemas"]["PageMetaLinkTarget"];
        };
        /** @description A page of a space of the organization, or an absolute http(s) URL. */
        PageMetaLinkTarget: {
            /** @constant */
            kind: "page";
            page: string;
            /** @description The page's space; this space when omitted. */
            space?: string;
        } | {
            /** @constant */
            kind: "url";
            url: string;
        };
        /** @description Where to put a page among its new siblings - before or after one of them (at the end when omitted). */
        PagePosition: {
            /** @description Id of the sibling page to put it after. */
            after?: string;
            /** @description Id of the sibling page to put it before. */
            before?: string;
        };
        privacyPolicy: {
            /** Format: uri */
            url?: string;
        };
        /** @description Everything needed to render the published site - the site, its structure, customizations and scripts. */
        PublishedContentSite: {
            customizations: {
                site: components["schemas"]["SiteCustomization"];
                /** @description Customization overrides, by site space id. */
                siteSpaces: {
                    [key: string]: components["schemas"]["SiteCustomization"];
                };
            };
            /** @constant */
            object: "published-content-site";
            /** @description Integration scripts to load on the published site. */
            scripts: {
                /** @description Content Security Policy to load the script with. */
                contentSecurityPolicy?: string;
                /** @description Whether the script may use cookies (visitors should be told). */
                cookies: boolean;
                /**
                 * Format: uri
                 * @description URL of the script.
                 */
                script: string;
            }[];
            site: components["schemas"]["Site"];
            structure: components["schemas"]["SiteStructure"];
        };
        /**
         * @description What a URL of a published site resolves to: the site, section, site space and space it shows, with the path of the
         *     content below them; or, for a visitor-auth site without a valid visitor token (`redirectOnError`), where to send
         *     the visitor.
         */
        PublishedSiteContentLookup: {
            /** Format: uri */
            redirect: string;
            /** @description ID of the resolved site. */
            site: string;
            /** @enum {string} */
            target: "external";
        } | {
            /**
             * @description A short-lived (1 hour) HS256 JWT with the claims of GitBook's SiteAPIToken (`kind: site`, `organization`,
             *     `site`, `siteSpace`, `siteSection`, `space`, `spaces`, and the visitor's `claims`). Bindery does not accept it
             *     as a bearer token of its API.
             */
            apiToken: string;
            /** @description Prefix of the URL's path up to the site space (ends with `/`). */
            basePath: string;
            /** Format: uri */
            canonicalUrl: string;
            /** @description Whether the URL named every section and site space it could (page path segments follow). */
            complete: boolean;
            /** @description A digest of the visitor's claims, when there are any (per-visitor caches key on it). */
            contextId?: string;
            organization: string;
            /** @description Path of the content below the site space (no leading slash; empty for its first page). */
            pathname: string;
            /** @description The share link key the URL carried (share-link sites). */
            shareKey?: string;
            site: string;
            /** @description Prefix of the URL's path up to the site (ends with `/`). */
            siteBasePath: string;
            siteSection?: string;
            siteSpace: string;
            space: string;
        };
        /** @description A block render request (`renderIntegrationUiWithPost`'s body, or the decompressed `request` of `renderIntegrationUiWithGet`). */
        RenderIntegrationUI: {
            /** @description The action that triggered the render, if any. */
            action?: {
                [key: string]: unknown;
            };
            /** @description The component (block) to render. */
            componentId: string;
            /** @description Where the block is rendered, e.g. `{"type":"document","spaceId":"…","editable":true}`. */
            context: {
                siteId?: string;
                spaceId?: string;
                type?: string;
            };
            /** @description Properties of the block. */
            props: {
                [key: string]: unknown;
            };
            /** @description Local state of the block. */
            state?: {
                [key: string]: unknown;
            };
        };
        /**
         * @description A revision of the content of a space: its pages, files and reusable contents. `type` tells how it was
         *     created: `edits` (edits of the content), `merge` (merge of the change request in `mergedFrom`),
         *     `rollback`, `update` (update of a change request from the main content) or `computed` (computed from
         *     `sourceRevision`).
         */
        Revision: {
            /** Format: date-time */
            createdAt: string;
            files: components["schemas"]["RevisionFile"][];
            /** @description Git commit the revision comes from or was exported to. */
            git?: {
                /** @description The same as `createdByService`, under the name GitBook's own API uses. */
                createdByGitBook?: boolean;
                /** @description True when the commit was created by the Git Sync service (an export). */
                createdByService?: boolean;
                message?: string;
                oid?: string;
                ref?: string;
                url?: string;
            };
            id: string;
            mergedFrom?: components["schemas"]["ChangeRequest"];
            /** @constant */
            object: "revision";
            pages: components["schemas"]["RevisionPage"][];
            /** @description Ids of the parent revisions. */
            parents: string[];
            reusableContents: {
                git?: components["schemas"]["RevisionGitObject"];
                id: string;
                title: string;
            }[];
            /** @description Id of the revision a `computed` revision was computed from. */
            sourceRevision?: string;
            /** @description The tags available in the revision (Bindery has no tags, so it is empty). */
            tags: Record<string, never>[];
            /** @enum {string} */
            type: "edits" | "merge" | "rollback" | "update" | "computed";
            urls: {
                app: string;
                public?: string;
                published?: string;
            };
            /** @description Variables of the space, by name. */
            variables?: {
                [key: string]: string;
            };
        };
        /** @description A file of a revision. */
        RevisionFile: {
            /** @description MIME type of the file. */
            contentType: string;
            /** @description Dimensions of an image. */
            dimensions?: {
                height: number;
                width: number;
            };
            /** @description URL to download the file. */
            downloadURL: string;
            git?: components["schemas"]["RevisionGitObject"];
            id: string;
            /** @description Name of the file. */
            name: string;
            /** @description Size of the file in bytes. */
            size: number;
        };
        /** @description Where a page or file lives in the Git repository synchronised with the space. */
        RevisionGitObject: {
            /** @description Git object id. */
            oid: string;
            /** @description Path of the file in the repository. */
            path: string;
        };
        /**
         * @description A page of a revision. `type` tells the variant: `document` (a page with content, `kind: sheet`), `group`
         *     (a group of pages, `kind: group`; no urls and no document), `link` (a link to another location,
         *     `kind: link`; carries `target`/`href` and no slug) and `computed` (content generated from a source such
         *     as an OpenAPI specification; no `kind`). With `format=markdown` a document page carries `markdown`,
         *     otherwise it may carry `document`.
         */
        RevisionPage: {
            computed?: components["schemas"]["ComputedContentSource"];
            /** @description On pages generated from a computed page, the seed of their ids (the computed page's id). */
            computedSeed?: string;
            /**
             * @description Adaptive-content condition controlling whether the page is shown to a visitor of a published site (e.g.
             *     `visitor.claims.unsigned.isPremium`; Git Sync's `if:` front matter). Only present when the page has one. A page
             *     whose condition is false for a visitor, or cannot be parsed, is hidden from that visitor with its children.
             *     As on GitBook, only returned to user tokens: never to a site token (the `apiToken` of `/urls/published`) or an
             *     integration token (nor is an edit of the condition alone among their semantic changes).
             */
            condition?: string;
            /** @description Cover image of the page. */
            cover?: {
                ref?: components["schemas"]["FileContentRef"];
                refDark?: components["schemas"]["FileContentRef"];
                /** @description Vertical position of the cover image. */
                yPos?: number;
            };
            /** Format: date-time */
            createdAt?: string;
            description?: string;
            document?: components["schemas"]["Document"];
            /**
             * @description Document pages (not those generated from a computed page): the id of this version of the page's document,
             *     for `GET /v1/spaces/{spaceId}/documents/{documentId}`; it changes when the page changes.
             */
            documentId?: string;
            emoji?: string;
            git?: components["schemas"]["RevisionGitObject"];
            /** @description Hidden from the navigation. */
            hidden?: boolean;
            /** @description Resolved URL of a link page. */
            href?: string;
            /** @description Name of an icon. */
            icon?: string;
            id: string;
            /**
             * @deprecated
             * @description Deprecated, use `type`. `sheet` for document pages, `group` for groups, `link` for links; absent on computed pages.
             * @enum {string}
             */
            kind?: "sheet" | "group" | "link";
            layout?: components["schemas"]["PageLayout"];
            /** @description Shorter title used in navigation. */
            linkTitle?: string;
            /** @description Content of the page as Markdown (with `format=markdown`). */
            markdown?: string;
            metaLinks?: components["schemas"]["PageMetaLinks"];
            /** @description Excluded from search. */
            noIndex?: boolean;
            /** @description Not indexed by search engines. */
            noRobotsIndex?: boolean;
            /** @description Child pages. */
            pages?: components["schemas"]["RevisionPage"][];
            /** @description Path of the page in the space (slugs of its ancestors and itself, joined with `/`). */
            path?: string;
            slug?: string;
            /** @description Tags of the page (document pages; Bindery has no tags, so it is empty). */
            tags?: {
                primary?: boolean;
                tag: Record<string, never>;
            }[];
            /** @description Target of a link page (a content reference). */
            target?: {
                /** @description Kind of target, e.g. `url`, `page`, `file`, `space`. */
                kind: string;
            };
            title: string;
            /** @enum {string} */
            type: "document" | "group" | "link" | "computed";
            /** Format: date-time */
            updatedAt?: string;
            urls?: {
                /** @description URL of the page in the app. */
                app: string;
            };
            /** @description Variables of the page, by name. */
            variables?: {
                [key: string]: string;
            };
        };
        /**
         * @description A reusable content of a revision: a block of content kept once and included in pages. Bindery's reusable
         *     contents are the `.gitbook/includes/*.md` files of the space's Git Sync repository (as GitBook's Git Sync writes
         *     them); the id is derived from the file's path, so it is the same in every revision that has it.
         */
        RevisionReusableContent: {
            /** @description Id of the document with the reusable content's content (read it with getReusableContentDocumentInRevisionById). */
            document: string;
            git?: components["schemas"]["RevisionGitObject"];
            id: string;
            /** @description The file's frontmatter `title`, else its name. */
            title: string;
        };
        /**
         * @description One semantic change of a revision, by `type`: a page created, edited (`attributes`: every field that changed, with
         *     `document` when the content did), deleted or moved (`parent` before and after; absent at the top level; also a
         *     page reordered among its siblings), a file created, edited (`attributes`) or deleted, the space's variables edited.
         */
        RevisionSemanticChange: {
            page: components["schemas"]["ChangedRevisionPage"];
            /** @enum {string} */
            type: "page_created" | "page_deleted";
        } | {
            attributes: {
                [key: string]: components["schemas"]["ChangeAttribute"];
            };
            page: components["schemas"]["ChangedRevisionPage"];
            /** @enum {string} */
            type: "page_edited";
        } | {
            page: components["schemas"]["ChangedRevisionPage"];
            parent: {
                after?: components["schemas"]["ChangedRevisionPage"];
                before?: components["schemas"]["ChangedRevisionPage"];
            };
            /** @enum {string} */
            type: "page_moved";
        } | {
            file: components["schemas"]["ChangedRevisionFile"];
            /** @enum {string} */
            type: "file_created" | "file_deleted";
        } | {
            attributes: {
                [key: string]: components["schemas"]["ChangeAttribute"];
            };
            file: components["schemas"]["ChangedRevisionFile"];
            /** @enum {string} */
            type: "file_edited";
        } | {
            /** @enum {string} */
            type: "variables_edited";
            variables: {
                [key: string]: {
                    after?: string;
                    before?: string;
                };
            };
        };
        /** @description The semantic changes of a revision against its parent, or of a change request against its base, at most `limit` of them. */
        RevisionSemanticChanges: {
            changes: components["schemas"]["RevisionSemanticChange"][];
            mergedFrom?: components["schemas"]["ChangeRequest"];
            /** @description How many further changes were left out by `limit` (absent when none). */
            more?: number;
        };
        /** @description A SAML identity provider configured for single sign-on to an organization. */
        SAMLProvider: {
            /** @description Signing certificate of the identity provider; an empty string until configured (`pending`). */
            certificate: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Role new SSO members get (`null` for guests). */
            defaultRole: components["schemas"]["MemberRoleOrGuest"];
            /** @description Team new SSO members join. */
            defaultTeam?: components["schemas"]["Team"];
            /** @description Entity ID of the identity provider; an empty string until configured (`pending`). */
            entityID: string;
            /** @description Unique identifier of the provider. */
            id: string;
            label: string;
            /** @constant */
            object: "saml-provider";
            /** @description The service provider (Bindery) side of the configuration, to enter in the identity provider. */
            service: {
                /**
                 * Format: uri
                 * @description Assertion Consumer Service URL.
                 */
                acsURL: string;
                /** @description Entity ID of the service provider. */
                entityID: string;
                /**
                 * Format: uri
                 * @description URL that starts a sign-in with this provider.
                 */
                startURL: string;
            };
            /** @description Single sign-on URL of the identity provider; an empty string until configured (`pending`). */
            ssoURL: string | "";
            /**
             * @description `pending` until the provider is fully configured, then `active`.
             * @enum {string}
             */
            status: "active" | "pending";
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the provider.
                 */
                location: string;
            };
        };
        /** @description Search bar style, e.g. `prominent`. */
        search: string;
        /** @description A page matching a search, with its matching sections. */
        SearchPageResult: {
            /** @description The ancestors of the page, from the top level to its parent. */
            ancestors: {
                title: string;
            }[];
            /** @description Description of the page; empty, as the search index does not keep it apart from the text. */
            description: string;
            /** @description Id of the page. */
            id: string;
            /** @description Path of the page in the space. */
            path: string;
            /** @description One-based position of the page in the whole ranked result list, kept across pages of results. */
            rank: number;
            /** @description Relevance of the page; higher is better, unbounded. */
            score: number;
            sections: {
                /** @description Text of the section. */
                body: string;
                id: string;
                path: string;
                /** @description Relevance of the section; higher is better, unbounded. */
                score: number;
                title: string;
                urls: {
                    app: string;
                };
            }[];
            title: string;
            urls: {
                app: string;
            };
        };
        /** @description A space matching an organization search, with its matching pages. */
        SearchSpaceResult: {
            /** @description Id of the space. */
            id: string;
            pages: components["schemas"]["SearchPageResult"][];
            /** @description Relevance of the result; higher is better. */
            score?: number;
            title: string;
            /** @constant */
            type?: "space";
        };
        /**
         * @description A named share link of a site: its secret key opens a published `share-link` site to whoever has it (GitBook shows
         *     the key only inside `urls.published`). Deleting or deactivating the link closes the site to its key at once.
         */
        ShareLink: {
            /** @description Whether the key opens the site (an inactive link is kept, its key refused). */
            active?: boolean;
            /** Format: date-time */
            createdAt: string;
            /** @description Unique identifier of the share link. */
            id: string;
            name?: components["schemas"]["ShareLinkName"];
            /** @constant */
            object: "share-link";
            urls: {
                /**
                 * Format: uri
                 * @description URL of the published site carrying the link's key (`?share=<key>`).
                 */
                published?: string;
            };
        };
        /** @description Name of the share link. */
        ShareLinkName: string;
        sidebar: {
            /** @description Sidebar background style. */
            background?: string;
            /** @description Sidebar list style. */
            list?: string;
        };
        /** @description A docs site that publishes spaces of an organization. */
        Site: {
            adaptiveContent?: {
                /** @description Whether adaptive content is enabled on the site. */
                enabled: boolean;
            };
            /** @description Ads status of the site. */
            ads?: {
                /** @description Ads status, e.g. `pending`. */
                status: string;
                /** @description Whether the site can be submitted for ads review. */
                submittable?: boolean;
            };
            /**
             * @description `excluded`: AI agents cannot access the site; `included`: they can.
             * @enum {string}
             */
            agentsContext?: "excluded" | "included";
            /** @description The type currently applied to the site (a frozen site is applied `basic`). */
            appliedType?: components["schemas"]["SiteType"];
            /** @description Basename of the site (the path it is served under on the organization's hostname), e.g. `api`. */
            basename?: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Default role on the site for members of the organization; `inherit` follows the organization. Bindery's sites have no roles of their own: always `inherit`. */
            defaultLevel: components["schemas"]["MemberRoleOrGuest"] | "inherit";
            /** @description Premium features enabled on the site, with the plan each belongs to. */
            features: {
                /** @description Advanced customizations in use, e.g. `header-logo`. */
                customizations?: string[];
                /** @description A frozen feature stays enabled but cannot be changed. */
                frozen: boolean;
                /** @description Feature identifier, e.g. `sites-adaptive-content`. */
                id: string;
                plan: components["schemas"]["SiteType"];
            }[];
            /** @description Custom hostname of the site, e.g. `docs.example.com`. */
            hostname?: string;
            /** @description Icon of the site, `null` when it has none. */
            icon?: {
                icon: components["schemas"]["CustomizationThemedURL"];
            } | {
                /** @description An emoji code point, e.g. `1f4d8`. */
                emoji: string;
            } | null;
            /** @description Unique identifier of the site. */
            id: string;
            /** @constant */
            object: "site";
            /** @description What the caller may do with the site. */
            permissions?: {
                access?: boolean;
                admin?: boolean;
                create?: boolean;
                edit?: boolean;
                editAdaptiveSchema?: boolean;
                installIntegration?: boolean;
                view?: boolean;
                viewAdaptiveSchema?: boolean;
            };
            /** @description Reverse proxy configuration, when the site is served from a path of another host. */
            proxy?: {
                /** @description Host plus path the site is served from, e.g. `example.com/docs`. */
                origin: string;
                /** @description URL the requests at the origin are proxied to. */
                target: string;
            };
            /** @description When true the site is reachable by the audience set by `visibility`. */
            published: boolean;
            /** @description Count of site spaces of the site. */
            siteSpaces: number;
            /** @description Title of the site. */
            title: string;
            type: components["schemas"]["SiteType"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the site in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description API URL of the site.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description URL of the preview of the site.
                 */
                preview?: string;
                /**
                 * Format: uri
                 * @description URL of the published site; present only when the site is published.
                 */
                published?: string;
            };
            visibility: components["schemas"]["SiteVisibility"];
        };
        /**
         * @description One visitor attribute (claim) in a site adaptive JSON schema: a primitive (`boolean`, `string`, `number`), an
         *     array of primitives, or an object of further claims.
         */
        SiteAdaptiveClaimProperty: {
            description?: string;
            /** @enum {string} */
            type: "boolean" | "string" | "number";
        } | {
            description?: string;
            items: {
                description?: string;
                /** @enum {string} */
                type: "boolean" | "string" | "number";
            };
            /** @constant */
            type: "array";
        } | {
            /** @constant */
            additionalProperties?: false;
            description?: string;
            properties: {
                [key: string]: components["schemas"]["SiteAdaptiveClaimProperty"];
            };
            /** @constant */
            type: "object";
        };
        /**
         * @description A JSON Schema (draft-07) describing the attributes expected from a visitor of an adaptive content site:
         *     `type: object`, `properties` (visitor claims, usually with an `unsigned` object of unsigned claims) and
         *     `additionalProperties: false`.
         */
        SiteAdaptiveJSONSchema: {
            /** @constant */
            $schema?: "http://json-schema.org/draft-07/schema#";
            /** @constant */
            additionalProperties: false;
            /** @description The visitor claims, by name. `unsigned` holds the claims the visitor may set without signing them. */
            properties: {
                [key: string]: components["schemas"]["SiteAdaptiveClaimProperty"];
            };
            /** @constant */
            type: "object";
        };
        /** @description The visitor attributes schema of an adaptive content site. */
        SiteAdaptiveSchema: {
            jsonSchema: components["schemas"]["SiteAdaptiveJSONSchema"];
            /** @constant */
            object: "site-adaptive-schema";
            /**
             * Format: date-time
             * @description When the schema was last updated.
             */
            updatedAt: string;
        };
        /** @description A condition template derived from the site's visitor attributes schema. */
        SiteAdaptiveTemplateCondition: {
            /** @description The suggested condition expression, e.g. `visitor.claims.unsigned.isBetaUser`. */
            condition: string;
            /** @description Short description of the suggested condition. */
            description: string;
        };
        /**
         * @description Customization settings of a published site or site space (look, header, footer and features). As input, any
         *     subset of the settings below the required ones; as answered, every setting of GitBook's SiteCustomizationSettings,
         *     with GitBook's defaults for those never set.
         */
        SiteCustomization: {
            advancedCustomization?: components["schemas"]["CustomizationToggle"];
            ai: {
                /** @description AI mode of the site, e.g. `none`. */
                mode: string;
            };
            announcement?: {
                enabled: boolean;
                link?: components["schemas"]["CustomizationLink"];
                message?: string;
                /** @description Style of the banner, e.g. `info`. */
                style?: string;
            };
            externalLinks: {
                /** @description Where external links open, e.g. `self`. */
                target: string;
            };
            /** @description Favicon of the site; empty for the default one. */
            favicon: {
                emoji?: string;
                icon?: components["schemas"]["CustomizationThemedURL"];
            };
            feedback: components["schemas"]["CustomizationToggle"];
            footer: {
                copyright?: string;
                groups: {
                    links: components["schemas"]["CustomizationLink"][];
                    title: string;
                }[];
                logo?: components["schemas"]["CustomizationThemedURL"];
            };
            git?: {
                showEditLink?: boolean;
            };
            header: {
                links: {
                    /** @description Expression deciding whether the item is shown to a visitor. */
                    condition?: string;
                    links?: components["schemas"]["CustomizationLink"][];
                    /** @description Style of the item, e.g. `link`. */
                    style?: string;
                    title: string;
                    to: components["schemas"]["CustomizationLinkTarget"];
                }[];
                logo?: components["schemas"]["CustomizationThemedURL"];
                /** @description Header preset, e.g. `default`. */
                preset?: string;
            };
            insights?: {
                trackingCookie?: boolean;
            };
            internationalization?: {
                /**
                 * @description Language of the site's own texts, e.g. `en`: the published site shows its own words (search box, "on this
                 *     page", previous and next, page actions, theme switch, 404 and search pages) in `en`, `fr`, `es`, `zh`, `ja`,
                 *     `de`, `nl`, `no` or `pt-br` (GitBook's locales; `ru` too), English for any other.
                 */
                locale: string;
            };
            /**
             * @description The actions offered on a page: the seed's flags, or GitBook's `items`; both are answered, and `items` wins when
             *     both are given. Without `items`, the answered `items` also hold `pdf` (the published site offers its PDF,
             *     `~gitbook/pdf`, unless `items` is given without it).
             */
            pageActions: {
                externalAI?: boolean;
                items?: ("assistant" | "external-ai" | "markdown" | "mcp" | "git" | "pdf")[];
                markdown?: boolean;
                mcp?: boolean;
            };
            pagination: components["schemas"]["CustomizationToggle"];
            pdf?: components["schemas"]["CustomizationToggle"];
            privacyPolicy?: {
                /** Format: uri */
                url?: string;
            };
            socialAccounts?: {
                display?: {
                    footer?: boolean;
                    header?: boolean;
                };
                handle: string;
                /** @description The platform, e.g. `github`. */
                platform: string;
            }[];
            socialPreview?: {
                /** Format: uri */
                url?: string;
            };
            styling: {
                /** @description Background style, e.g. `plain`. */
                background?: string;
                /** @description Themes of code blocks and of OpenAPI blocks, each for light and dark mode. */
                codeTheme?: {
                    default?: components["schemas"]["CustomizationThemedColor"];
                    openapi?: components["schemas"]["CustomizationThemedColor"];
                };
                /** @description Corner style, e.g. `straight`. */
                corners?: string;
                dangerColor?: components["schemas"]["CustomizationThemedColor"];
                /** @description Depth style, e.g. `subtle`. */
                depth?: string;
                /** @description Font of the site, a font name or a custom font. */
                font?: string | Record<string, never>;
                /** @description Font of the headings, a font name or a custom font. */
                headingFont?: string | Record<string, never> | null;
                /** @description Icon style, e.g. `regular`. */
                icons?: string;
                infoColor?: components["schemas"]["CustomizationThemedColor"];
                /** @description Link style, e.g. `default`. */
                links?: string;
                /** @description Monospace font of the site. */
                monospaceFont?: string;
                primaryColor: components["schemas"]["CustomizationThemedColor"];
                /** @description Search bar style, e.g. `prominent`. */
                search?: string;
                sidebar?: {
                    /** @description Sidebar background style. */
                    background?: string;
                    /** @description Sidebar list style. */
                    list?: string;
                };
                successColor?: components["schemas"]["CustomizationThemedColor"];
                /** @description Theme preset, e.g. `clean`. */
                theme: string;
                tint?: {
                    color: components["schemas"]["CustomizationThemedColor"];
                };
                warningColor?: components["schemas"]["CustomizationThemedColor"];
            };
            themes: {
                /** @description Default theme mode, e.g. `light`. */
                default: string;
                /** @description Whether readers can switch between dark and light mode. */
                toggeable: boolean;
            };
            /** @description Title of the published site; the site title when absent. */
            title?: string;
            trademark: components["schemas"]["CustomizationToggle"];
        };
        /**
         * @description Overrides of a site's customization for one site space. Given fields are merged field by field into the site's
         *     customization and into earlier overrides (objects merge, other values and arrays replace); a field set to `null`
         *     removes its override, so the site's value shows again.
         */
        SiteCustomizationOverride: {
            /** @description Overrides `advancedCustomization`; `null` removes the override. */
            advancedCustomization?: components["schemas"]["CustomizationToggle"] | null;
            /** @description Overrides `ai`; `null` removes the override. */
            ai?: components["schemas"]["ai"] | null;
            /** @description Fields of `announcement` to override (merged field by field into the site's); `null` removes the override. */
            announcement?: {
                enabled?: components["schemas"]["enabled"] | null;
                link?: components["schemas"]["CustomizationLink"] | null;
                message?: components["schemas"]["message"] | null;
                style?: components["schemas"]["style"] | null;
            } | null;
            /** @description Overrides `externalLinks`; `null` removes the override. */
            externalLinks?: components["schemas"]["externalLinks"] | null;
            /** @description Fields of `favicon` to override (merged field by field into the site's); `null` removes the override. */
            favicon?: {
                emoji?: components["schemas"]["emoji"] | null;
                icon?: components["schemas"]["CustomizationThemedURL"] | null;
            } | null;
            /** @description Overrides `feedback`; `null` removes the override. */
            feedback?: components["schemas"]["CustomizationToggle"] | null;
            /** @description Fields of `footer` to override (merged field by field into the site's); `null` removes the override. */
            footer?: {
                copyright?: components["schemas"]["copyright"] | null;
                groups?: components["schemas"]["groups"] | null;
                logo?: components["schemas"]["CustomizationThemedURL"] | null;
            } | null;
            /** @description Overrides `git`; `null` removes the override. */
            git?: components["schemas"]["git"] | null;
            /** @description Fields of `header` to override (merged field by field into the site's); `null` removes the override. */
            header?: {
                links?: components["schemas"]["links-2"] | null;
                logo?: components["schemas"]["CustomizationThemedURL"] | null;
            } | null;
            /** @description Overrides `insights`; `null` removes the override. */
            insights?: components["schemas"]["insights"] | null;
            /** @description Overrides `internationalization`; `null` removes the override. */
            internationalization?: components["schemas"]["internationalization"] | null;
            /** @description Overrides `pageActions`; `null` removes the override. */
            pageActions?: components["schemas"]["pageActions"] | null;
            /** @description Overrides `pagination`; `null` removes the override. */
            pagination?: components["schemas"]["CustomizationToggle"] | null;
            /** @description Overrides `pdf`; `null` removes the override. */
            pdf?: components["schemas"]["CustomizationToggle"] | null;
            /** @description Overrides `privacyPolicy`; `null` removes the override. */
            privacyPolicy?: components["schemas"]["privacyPolicy"] | null;
            /** @description Overrides `socialAccounts`; `null` removes the override. */
            socialAccounts?: components["schemas"]["socialAccounts"] | null;
            /** @description Overrides `socialPreview`; `null` removes the override. */
            socialPreview?: components["schemas"]["socialPreview"] | null;
            /** @description Fields of `styling` to override (merged field by field into the site's); `null` removes the override. */
            styling?: {
                corners?: components["schemas"]["corners"] | null;
                dangerColor?: components["schemas"]["CustomizationThemedColor"] | null;
                depth?: components["schemas"]["depth"] | null;
                font?: components["schemas"]["font"] | null;
                icons?: components["schemas"]["icons"] | null;
                infoColor?: components["schemas"]["CustomizationThemedColor"] | null;
                links?: components["schemas"]["links"] | null;
                monospaceFont?: components["schemas"]["monospaceFont"] | null;
                primaryColor?: components["schemas"]["CustomizationThemedColor"] | null;
                search?: components["schemas"]["search"] | null;
                sidebar?: components["schemas"]["sidebar"] | null;
                successColor?: components["schemas"]["CustomizationThemedColor"] | null;
                theme?: components["schemas"]["theme"] | null;
                tint?: components["schemas"]["tint"] | null;
                warningColor?: components["schemas"]["CustomizationThemedColor"] | null;
            } | null;
            /** @description Fields of `themes` to override (merged field by field into the site's); `null` removes the override. */
            themes?: {
                default?: components["schemas"]["default"] | null;
                toggeable?: components["schemas"]["toggeable"] | null;
            } | null;
            /** @description Overrides `title`; `null` removes the override. */
            title?: components["schemas"]["title"] | null;
            /** @description Overrides `trademark`; `null` removes the override. */
            trademark?: components["schemas"]["CustomizationToggle"] | null;
        };
        /**
         * @description A navigation entry of a site with sections that opens an absolute http(s) URL, at the site's root or in a section
         *     group, ordered among the sections and groups of its level.
         */
        SiteExternalLink: {
            /** @description Expression deciding whether the link is shown to a visitor (evaluates to a boolean). */
            condition?: string;
            description?: string;
            /** @description A draft link is kept out of the published structure and the published site. */
            draft: boolean;
            icon?: string;
            id: string;
            /** @constant */
            object: "site-external-link";
            /** @description Id of the section group it belongs to, absent at the site root. */
            sectionGroup?: string;
            title: string;
            /**
             * Format: uri
             * @description Absolute http or https URL opened by the link.
             */
            url: string;
        };
        /**
         * @description Where the event was recorded — on the site (its browser script), by the server, in an embed, or through MCP.
         * @enum {string}
         */
        SiteInsightsDisplayContext: "site" | "server" | "embed" | "mcp";
        /**
         * @description An event of a site's Insights, as GitBook's `SiteInsightsEvent` (a union by `type`; one object here, each type's
         *     own fields optional in the schema and required by the server for its type: `query` for `search_type_query`,
         *     `search_open_result` and `ask_question`; `result` for `search_open_result`; `feedback.rating` for
         *     `page_post_feedback`, with `feedback.comment` for `page_post_feedback_comment`; `rating` and `responseId` for
         *     `ask_rate_response`; `link` for `link_click`; `operation` for `api_client_open` and `api_client_request`;
         *     `placement` for `trademark_click`; `ad` for `ad_click` and `ad_display`; `llmsVariant` for `llms_request`).
         */
        SiteInsightsEvent: {
            ad?: {
                domain: string;
                /** @enum {string} */
                placement: "aside";
                zoneId: string;
            };
            feedback?: {
                comment?: string;
                rating: components["schemas"]["PageFeedbackRating"];
            };
            goal?: string;
            link?: {
                /** @enum {string} */
                position: "announcement" | "header" | "footer" | "sidebar" | "content";
                /** @description GitBook's `ContentRef` of the link (`kind` and its fields). */
                target: {
                    kind: string;
                };
            };
            /** @enum {string} */
            llmsVariant?: "standard" | "full";
            location: {
                displayContext?: components["schemas"]["SiteInsightsDisplayContext"];
                page: string | null;
                revision: string | null;
                siteSection: string | null;
                siteShareKey: string | null;
                siteSpace: string | null;
                space: string | null;
                /** Format: uri */
                url: string;
            };
            /** @enum {string} */
            markdownSource?: "page-action";
            operation?: {
                method: string;
                path: string;
            };
            /** @enum {string} */
            placement?: "sidebar" | "ad" | "footer" | "pdf" | "embed";
            query?: string;
            /** @enum {integer} */
            rating?: 1 | -1;
            responseId?: string;
            /** @description The opened search result (`{spaceId, pageId}` or `{recordId}`). */
            result?: {
                pageId?: string;
                recordId?: string;
                spaceId?: string;
            };
            session: {
                /** @description The visitor's cookies (not stored). */
                cookies: {
                    [key: string]: string;
                };
                /** @description The visitor's IP address (not stored; defaults to the caller's). */
                ip?: string;
                language: string | null;
                /** @description The page the visitor came from (`''` or null when none). */
                referrer: string | null;
                sessionId: string;
                /** @description The visitor's user agent, from which device, browser, OS and bot are read. */
                userAgent: string;
                /** @description The visitor's claims; when there is one, the event counts as authenticated. */
                visitorAuthClaims?: Record<string, never>;
                /** @deprecated */
                visitorAuthToken?: string | null;
                visitorId: string;
            };
            /**
             * Format: date-time
             * @description When it happened (default now); within 5 minutes of the server's clock.
             */
            timestamp?: string;
            type: components["schemas"]["SiteInsightsEventType"];
        };
        /**
         * @description GitBook's kinds of Insights events.
         * @enum {string}
         */
        SiteInsightsEventType: "page_view" | "page_markdown_request" | "search_open" | "search_type_query" | "search_open_result" | "page_post_feedback" | "page_post_feedback_comment" | "agent_feedback" | "ask_question" | "ask_view" | "ask_rate_response" | "link_click" | "api_client_open" | "api_client_request" | "ad_click" | "ad_display" | "trademark_click" | "llms_request" | "mcp_request" | "rss_request";
        /** @description An aggregation query over a site's Insights events (GitBook's `SiteInsightsQueryEventsAggregation`). */
        SiteInsightsQueryEventsAggregation: {
            groupBy?: components["schemas"]["SiteInsightsQueryEventsColumn"][];
            /** @default 1000 */
            limit: number;
            order?: {
                by: components["schemas"]["SiteInsightsQueryEventsColumn"];
                /** @enum {string} */
                direction: "asc" | "desc";
            };
            range: components["schemas"]["SiteInsightsQueryRange"];
            select?: components["schemas"]["SiteInsightsQueryEventsColumn"][];
            where?: components["schemas"]["SiteInsightsQueryEventsFilter"][];
        };
        /** @description GitBook's `SiteInsightsQueryEventsAggregationResult`. */
        SiteInsightsQueryEventsAggregationResult: {
            columns: components["schemas"]["SiteInsightsQueryEventsValues"][];
        };
        /** @description A column to select, group or order by (GitBook's `SiteInsightsQueryEventsColumn`). */
        SiteInsightsQueryEventsColumn: {
            /** @description Of `visitorClaim` (required there). */
            claim?: string;
            column: components["schemas"]["SiteInsightsQueryEventsColumnName"];
            /**
             * @description Of `datetime`, the bucket (default `day`).
             * @enum {string}
             */
            interval?: "hour" | "day" | "week" | "month";
            /** @description Of `visitorGeoPoint`. */
            precision?: number;
        };
        /**
         * @description A column of the Insights events (GitBook's `SiteInsightsQueryEventsColumn` names). `eventsCount`,
         *     `sessionsCount`, `visitorsCount`, `pageFeedbackRating` and `askResponseRating` are aggregates; the others
         *     group and filter. Bindery records no geolocation nor claim properties: `visitorGeoCountry`, `visitorGeoPoint`,
         *     `visitorClaimProperty`, `visitorClaim` and `eventPageNotFoundType` answer null.
         * @enum {string}
         */
        SiteInsightsQueryEventsColumnName: "datetime" | "dayOfWeek" | "hourOfDay" | "url" | "urlPath" | "eventType" | "eventsCount" | "sessionsCount" | "visitorsCount" | "siteSection" | "siteSpace" | "siteShareKey" | "displayContext" | "page" | "visitorGeoCountry" | "visitorGeoPoint" | "visitorDevice" | "visitorBrowser" | "visitorOS" | "visitorBot" | "visitorLanguage" | "eventLinkTargetValue" | "eventLinkTargetKind" | "eventLinkTargetDomain" | "eventLinkPosition" | "eventAPIOperationPath" | "eventAPIOperationMethod" | "eventLLMSVariant" | "eventPageNotFoundType" | "eventMarkdownSource" | "eventSearchQuery" | "eventSearchResultRecordId" | "eventPageFeedbackRating" | "eventPageFeedbackComment" | "eventAskResponseRating" | "pageFeedbackRating" | "askResponseRating" | "referrer" | "referrerDomain" | "utmSource" | "utmMedium" | "utmCampaign" | "utmTerm" | "utmContent" | "visitorAuthenticated" | "visitorClaimProperty" | "visitorClaim" | "eventAdDomain" | "eventAdPlacement" | "eventTrademarkPlacement";
        /**
         * @description A condition on a column (GitBook's `SiteInsightsQueryEventsFilter`): `in` (the default) and `notIn` compare with
         *     every value (null matches events without a value), the others with the first value. Conditions on aggregates
         *     (`eventsCount`, …) apply to the groups.
         */
        SiteInsightsQueryEventsFilter: {
            claim?: string;
            column: components["schemas"]["SiteInsightsQueryEventsColumnName"];
            /** @enum {string} */
            operator?: "in" | "notIn" | "greaterThan" | "greaterThanOrEqual" | "lessThan" | "lessThanOrEqual";
            values: unknown[];
        };
        /** @description The values of one column, a value per row (GitBook's `SiteInsightsQueryEventsValues`). */
        SiteInsightsQueryEventsValues: {
            claim?: string;
            column: components["schemas"]["SiteInsightsQueryEventsColumnName"];
            values: unknown[];
        };
        /** @description The time range of a query — a preset ending now, or `{from, to}`. */
        SiteInsightsQueryRange: ("lastYear" | "last3Months" | "last30Days" | "last7Days" | "last24Hours") | {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
        };
        /**
         * @description A visitor's rating of a page of a published site (the "Was this page helpful?" form shown when the site's
         *     customization has `feedback.enabled`), with the comment they added after rating, if any.
         */
        SitePageFeedback: {
            /** @description What the visitor wrote after rating (absent when they wrote nothing). */
            comment?: string;
            /** Format: date-time */
            commentedAt?: string;
            /** Format: date-time */
            createdAt: string;
            id: string;
            /** @constant */
            object: "page-feedback";
            /** @description The page rated. */
            page: string;
            rating: components["schemas"]["PageFeedbackRating"];
            /** @description The site space the page was read in. */
            siteSpace: string;
            /** @description The space of the page. */
            space: string;
        };
        /** @description GitBook's view of a site's visitor authentication (the settings `GET …/visitor-auth` shows): the key that signs visitor tokens (HS256 JWTs given to the published site as `?jwt_token=`) and where visitors without a valid one are sent. Bindery's backend is always `custom` (your own sign-in service signs the tokens). */
        SitePublishingAuth: {
            /** @enum {string} */
            backend: "custom";
            /**
             * Format: uri
             * @description Where visitors without a valid token are redirected (with `?location=<the page they asked for>`).
             */
            fallbackURL?: string;
            /** @constant */
            object: "publishing-auth";
            /** @description The secret that signs visitor tokens (HS256). */
            privateKey: string;
        };
        /** @description A redirect rule of a site; live ones are followed by the published site when no page answers the path. */
        SiteRedirect: {
            /** @description Append the part of the path the source's wildcard matched to the destination URL. */
            captureWildcard: boolean;
            /** Format: date-time */
            createdAt: string;
            destination: components["schemas"]["SiteRedirectDestination"];
            /** @description Whether the redirect is a draft (not followed) rather than live. */
            draft: boolean;
            /** @description The unique identifier of the redirect. */
            id: string;
            /** @constant */
            object: "site-redirect";
            /** @description Served as 308 on public sites (307 on the others, and for redirects that are not permanent). */
            permanent: boolean;
            source: components["schemas"]["SiteRedirectSourcePath"];
            /**
             * Format: date-time
             * @description When the redirect was last updated; absent if never updated since creation.
             */
            updatedAt?: string;
        };
        /** @description Where a site redirect leads (a section, a site space, a page of a site space, or an external URL). */
        SiteRedirectDestination: {
            /** @enum {string} */
            kind: "site-section";
            /** @description Unique identifier of the site section to redirect to. */
            siteSectionId: string;
        } | {
            /** @enum {string} */
            kind: "site-space";
            /** @description Unique identifier of the site space to redirect to. */
            siteSpaceId: string;
        } | {
            /** @enum {string} */
            kind: "site-page";
            /** @description Unique identifier of the page within the site space to redirect to. */
            pageId: string;
            /** @description Unique identifier of the site space of the page. */
            siteSpaceId: string;
        } | {
            /** @enum {string} */
            kind: "external";
            /** Format: uri */
            url: string;
        };
        /** @description A destination as stored (`SiteRedirectDestination`), or a page given by its path in a space of the site. */
        SiteRedirectInputDestination: components["schemas"]["SiteRedirectDestination"] | {
            /** @enum {string} */
            kind: "path";
            /** @description Path of the page in the space's current revision; stored as a `site-page` destination. */
            path: string;
            /** @description Unique identifier of the space (published by the site) containing the page. */
            spaceId: string;
        };
        /**
         * @description The path (relative to the site's URL) to redirect from: starts with `/`, segments of letters, digits, `-._~+` or
         *     percent-escapes, and may end with a wildcard (`*` or `/*`) matching every path it prefixes.
         */
        SiteRedirectSourcePath: string;
        /** @description A section of a site; it holds one or more site spaces (variants). */
        SiteSection: {
            /** @description Expression deciding whether the section is shown to a visitor (evaluates to a boolean). */
            condition?: string;
            /** @description Whether this is the default section of the site. */
            default: boolean;
            /** @description Description of the section. */
            description?: string;
            /** @description Whether it is a draft, not live yet (GitBook's drafts); the published site, its published profile and the URLs it resolves leave a draft section and its site spaces out. */
            draft: boolean;
            /** @description Name of the icon of the section, e.g. `gear`. */
            icon?: string;
            /** @description Unique identifier of the site section. */
            id: string;
            /** @constant */
            object: "site-section";
            /** @description Path of the section on the site. */
            path: string;
            /** @description Id of the section group the section belongs to, absent at the site root. */
            sectionGroup?: string;
            siteSpaces: components["schemas"]["SiteSpace"][];
            /** @description Title of the section. */
            title: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the published section; present only when the site is published.
                 */
                published?: string;
            };
        };
        /** @description A group of sections (and nested groups) in the navigation of a site. */
        SiteSectionGroup: {
            /** @description Sections, groups and external links nested under this group, in order (external links only in a site's structure). */
            children: (components["schemas"]["SiteSection"] | components["schemas"]["SiteSectionGroup"] | components["schemas"]["SiteExternalLink"])[];
            /** @description Whether the group is a draft, not live yet (GitBook's drafts; Bindery has none, so always false). */
            draft: boolean;
            /** @description Name of the icon of the group, e.g. `gear`. */
            icon?: string;
            /** @description Unique identifier of the site section group. */
            id: string;
            /** @constant */
            object: "site-section-group";
            /** @description Id of the parent group, absent at the site root. */
            sectionGroup?: string;
            /**
             * @deprecated
             * @description The sections directly in the group (GitBook's deprecated form of `children`).
             */
            sections: components["schemas"]["SiteSection"][];
            /** @description Title of the group. */
            title: string;
        };
        /** @description An item of a site's structure next to which a section group is moved. */
        SiteSectionGroupPointer: {
            /** @description Id of the section, section group or external link. */
            id: string;
            /**
             * @description What the id names. `site-external-link` is Bindery's addition (GitBook lists sections and groups).
             * @enum {string}
             */
            type: "site-section" | "site-section-group" | "site-external-link";
        };
        /** @description A space published by a site (at the site root or in a section), at a path of the site. */
        SiteSpace: {
            /** @description Expression deciding whether the site space is shown to a visitor (evaluates to a boolean). */
            condition?: string;
            /** @description Whether this is the default site space (of the site, or of its section). */
            default: boolean;
            /** @description Whether it is a draft, not live yet (GitBook's drafts); the published site, its published profile and the URLs it resolves leave drafts out. */
            draft: boolean;
            /** @description Whether the space has the advanced customization feature enabled. */
            hasAdvancedCustomizationFeature?: boolean;
            /** @description Whether it is left out of the published site's navigation (the switcher of its section's site spaces, unless it is the one being read); it is still served at its path. */
            hidden: boolean;
            /** @description Unique identifier of the site space. */
            id: string;
            /** @constant */
            object: "site-space";
            /** @description Path of the space on the site. */
            path: string;
            /** @description Id of the section the site space belongs to, absent at the site root. */
            section?: string;
            space: components["schemas"]["Space"];
            /** @description Title of the site space. */
            title: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the published site space; present only when the site is published.
                 */
                published?: string;
            };
        };
        /**
         * @description The navigation of the site: its sections, section groups and live external links (`type: sections`), or its site spaces when the
         *     site has no sections (`type: siteSpaces`).
         */
        SiteStructure: {
            structure: (components["schemas"]["SiteSection"] | components["schemas"]["SiteSectionGroup"] | components["schemas"]["SiteExternalLink"])[];
            /** @constant */
            type: "sections";
        } | {
            structure: components["schemas"]["SiteSpace"][];
            /** @constant */
            type: "siteSpaces";
        };
        /** @description An item of a site's structure. */
        SiteStructureItemPointer: {
            /** @description Id of the site space, section, section group or external link. */
            id: string;
            /** @enum {string} */
            type: "site-space" | "site-section" | "site-section-group" | "site-external-link";
        };
        /**
         * @description The type (plan) of a site.
         * @enum {string}
         */
        SiteType: "basic" | "premium" | "ultimate" | "sponsored" | "legacy-basic" | "legacy-premium";
        /**
         * @description Who can reach a published site: `public` (anyone, indexed by search engines), `unlisted` (anyone, not indexed),
         *     `share-link` (anyone with a secret token in the URL), `visitor-auth` (anyone authenticated through a JWT).
         * @enum {string}
         */
        SiteVisibility: "public" | "unlisted" | "share-link" | "visitor-auth";
        /** @description Visitor authentication of a site (Bindery extension). */
        SiteVisitorAuth: {
            /** @constant */
            algorithm: "HS256";
            /**
             * Format: uri
             * @description Where visitors without a valid token are redirected.
             */
            fallbackURL?: string;
            /** @description The secret that signs visitor tokens. */
            key: string;
            /** @constant */
            object: "site-visitor-auth";
        };
        socialAccounts: {
            display?: {
                footer?: boolean;
                header?: boolean;
            };
            handle: string;
            /** @description The platform, e.g. `github`. */
            platform: string;
        }[];
        socialPreview: {
            /** Format: uri */
            url?: string;
        };
        /** @description A space - pages, files and a chain of revisions, owned by an organization. */
        Space: {
            /** @description Total count of change requests. */
            changeRequests: number;
            /** @description Count of draft change requests. */
            changeRequestsDraft: number;
            /** @description Count of open change requests. */
            changeRequestsOpen: number;
            /** @description Count of opened comments. */
            comments: number;
            /** Format: date-time */
            createdAt: string;
            defaultLevel: components["schemas"]["DefaultLevel"];
            /**
             * Format: date-time
             * @description Present when the space is deleted; it can be restored for 7 days, then it is permanently removed.
             */
            deletedAt?: string;
            editMode?: components["schemas"]["SpaceEditMode"];
            emoji: components["schemas"]["Emoji"];
            gitSync?: components["schemas"]["GitSyncState"];
            /** @description Unique identifier of the space. */
            id: string;
            language?: components["schemas"]["Language"];
            mergeRules: components["schemas"]["MergeRules"];
            /** @constant */
            object: "space";
            /** @description Id of the organization owning the space. */
            organization: string;
            /** @description Id of the parent collection, when the space is in a collection. */
            parent?: string;
            /** @description What the caller may do with the space. */
            permissions: {
                /** @description Can access the space (it is listed for the caller). */
                access: boolean;
                /** @description Can administrate the space. */
                admin: boolean;
                /** @description Can comment. */
                comment: boolean;
                /** @description Can edit the content. */
                edit: boolean;
                /** @description Can install integrations on the space. */
                installIntegration: boolean;
                /** @description Can merge change requests. */
                merge: boolean;
                /** @description Can review change requests. */
                review: boolean;
                /** @description Can trigger a Git Sync import or export. */
                triggerGitSync: boolean;
                /** @description Can view the content. */
                view: boolean;
                /** @description Can see the invite links. */
                viewInviteLinks: boolean;
            };
            /** @description Id of the active revision of the space. */
            revision: string;
            title: string;
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /** @description URL of the space in the app. */
                app: string;
                /** @description URL of the icon of the space. */
                icon?: string;
                /** @description API URL of the space. */
                location: string;
                /** @description Public URL of the space, when it is public. */
                public?: string;
                /**
                 * @description URL of the published content, when the visibility is not `private`. For `share-link` spaces it carries
                 *     the share key (`?shareKey=`) and is only given to space admins and to callers who presented the key.
                 */
                published?: string;
            };
            visibility: components["schemas"]["SpaceVisibility"];
            /** @description Configuration of visitor authentication (visibility `visitor-auth`). */
            visitorAuth?: {
                /** @enum {string} */
                backend: "custom" | "integration";
                /** @description Name of the integration, when `backend` is `integration`. */
                integration?: string;
            };
        };
        /**
         * @description `live`: users edit the content directly; `locked`: all edits are locked.
         * @enum {string}
         */
        SpaceEditMode: "live" | "locked";
        /** @description A sibling of the space in its new parent - a space or a collection. */
        SpaceMovePointer: {
            /** @description Id of the sibling space. */
            space: string;
            /** @constant */
            type: "space";
        } | {
            /** @description Id of the sibling collection. */
            collection: string;
            /** @constant */
            type: "collection";
        };
        /**
         * @description Who can access the space: `public` (anyone, indexed by search engines), `unlisted` (anyone, not indexed),
         *     `share-link` (anyone with a secret token in the URL), `visitor-auth` (anyone authenticated through a JWT),
         *     `in-collection` (anyone who can access the parent collection; only for spaces in a collection),
         *     `private` (authorized members).
         * @enum {string}
         */
        SpaceVisibility: "public" | "unlisted" | "share-link" | "visitor-auth" | "in-collection" | "private";
        /** @description How to sign in to an organization with one of its SSO providers. */
        SSOProviderLogin: {
            /** @description Unique identifier of the provider. */
            id: string;
            label: string;
            /**
             * Format: uri
             * @description URL that starts a sign-in with the provider.
             */
            startURL: string;
        };
        /** @description The result of a SAML sign-in. */
        SSOSession: {
            /**
             * Format: date-time
             * @description When the token stops working.
             */
            expiresAt: string;
            /** @constant */
            object: "sso-session";
            /** @description Id of the organization signed in to. */
            organization: string;
            /** @description A personal API token of the user (send it as a bearer token); shown only here. */
            token: string;
            user: components["schemas"]["User"];
        };
        /** @description Style of the banner, e.g. `info`. */
        style: string;
        /** @description A subdomain of the instance and what it points at (an organization's `hostname`). */
        Subdomain: {
            /** @description Whether the subdomain serves its target (false while the organization is blocked). */
            isActive: boolean;
            /** @constant */
            object: "subdomain";
            subdomain: string;
            /** @description What the subdomain points at. */
            target: {
                /** @description Id of the organization whose `hostname` is this subdomain. */
                organization: string;
                /** @constant */
                type: "organization";
            };
        };
        /** @description A team of members of an organization. */
        Team: {
            /**
             * Format: date-time
             * @description When the team was created.
             */
            createdAt: string;
            /** @description Unique identifier of the team. */
            id: string;
            /** @description Count of members in the team. */
            members: number;
            /** @constant */
            object: "team";
            /** @description What the caller may do with the team. */
            permissions: {
                /** @description Can the caller manage the team and its members. */
                admin: boolean;
                /** @description Can the caller view the team and list its members. */
                view: boolean;
            };
            /** @description Count of spaces the team has access to. */
            spaces: number;
            /** @description Title of the team. */
            title: string;
        };
        /** @description The role granted to a team on a space or collection. */
        TeamContentPermission: {
            permission: components["schemas"]["MemberRole"];
            team: components["schemas"]["Team"];
        };
        /** @description A member of a team, with the role it has in the team. */
        TeamMemberEntry: {
            /** @description The user as a member of the organization. */
            organization: components["schemas"]["Member"];
            /** @description What the caller may do with the team member. */
            permissions: {
                /** @description Can the caller view the team member. */
                view: boolean;
            };
            /** @description The user as a member of the team. */
            team: {
                role: components["schemas"]["TeamMemberRole"];
            };
        };
        /**
         * @description `owner` can manage the team's members; `member` is a member.
         * @enum {string}
         */
        TeamMemberRole: "owner" | "member";
        /** @description Theme preset, e.g. `clean`. */
        theme: string;
        tint: {
            color: components["schemas"]["CustomizationThemedColor"];
        };
        /** @description Title of the published site; the site title when absent. */
        title: string;
        /** @description Whether readers can switch between dark and light mode. */
        toggeable: boolean;
        /** @description A translation of a space into another language, kept in a result space and re-run on demand. */
        Translation: {
            /** Format: date-time */
            createdAt: string;
            /** @description Bindery extension. Why the last run failed (only while `status` is `failed`). */
            error?: {
                message: string;
            };
            /** @description Unique identifier of the translation. */
            id: string;
            /** @description Instructions for the translator (e.g. terms to keep). */
            instructions: components["schemas"]["Document"];
            /** @description Language the space is translated into. */
            language: components["schemas"]["Language"];
            /** @constant */
            object: "translation";
            permissions: {
                edit: boolean;
                view: boolean;
            };
            /** @description Where the latest run put the translation; absent before the first run completes. */
            result?: {
                language?: components["schemas"]["Language"];
                /** @description Id of the revision the latest run created. */
                revision: string;
                /** @description Id of the space holding the translation. */
                space: string;
            };
            source: {
                language: components["schemas"]["Language"];
                /** @description Id of the source space. */
                space: string;
            };
            stats: {
                /** @description Pages translated by the latest run. */
                latestPages: number;
                /** @description Duration of the latest run, in seconds. */
                latestRunDuration: number;
                /** @description Words translated by the latest run. */
                latestWords: number;
                /** @description Number of runs. */
                runs: number;
                /** @description Duration of all runs, in seconds. */
                totalDuration: number;
                /** @description Distinct pages translated over all runs. */
                totalPages: number;
                /** @description Words translated over all runs. */
                totalWords: number;
            };
            /**
             * @description `pending` (created, or a run is queued), `running`, `completed` (the last run succeeded), `failed` (the last run
             *     failed: `error` says why; the result space is left as the previous run made it).
             * @enum {string}
             */
            status: "pending" | "running" | "completed" | "failed";
            /** Format: date-time */
            updatedAt: string;
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the translation.
                 */
                location: string;
            };
        };
        /** @description A reference to a user. */
        User: {
            displayName: string;
            /**
             * Format: email
             * @description Subject to member visibility: in references to users (authors of comments, replies and change requests,
             *     reviewers, reactions) the email is shown to members of the organization with a role and to the instance
             *     administrator; guests see the display name and photo only. `GET /v1/user` always shows the caller's own email.
             */
            email?: string;
            id: string;
            /** @constant */
            object: "user";
            /** @description The user's picture, when they have one. */
            photoURL?: string;
            urls: {
                /** @description API URL of the user. */
                location: string;
            };
        };
        /** @description A user's role on a space or collection. */
        UserContentPermission: {
            permission: components["schemas"]["MemberRole"];
            user: components["schemas"]["User"];
        };
        /** @description A user who contributed to something (e.g. replied to a comment), how many times and when last. */
        UserContributor: {
            count: number;
            /** Format: date-time */
            updatedAt: string;
            user: components["schemas"]["User"];
        };
        /** @description A user's role on a site and where it comes from. */
        UserSitePermission: {
            /** @description Whether the member is disabled (disabled members have no role and are not listed). */
            disabled: boolean;
            /** Format: date-time */
            lastSeenAt?: string;
            /**
             * @description What gives the role: the organization (`{type: organization, organization}`: the member's organization role),
             *     or the site (`{type: site, site, reason}`): a role granted on the site to the user (`reason: member`) or to a
             *     team they are in (`reason: team`, `team`) that is higher than their organization role.
             */
            origin: {
                organization: string;
                /** @constant */
                type: "organization";
            } | {
                /** @enum {string} */
                reason: "member" | "team" | "default";
                site: string;
                team?: string;
                /** @constant */
                type: "site";
            };
            permission: components["schemas"]["MemberRoleOrGuest"];
            user: components["schemas"]["User"];
        };
    };
    responses: {
        /** @description Invalid input; the message names the field. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 400,
                 *         "message": "Invalid request: /body/title must NOT have more than 50 characters"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state of the resource. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 409,
                 *         "message": "Conflict"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller can see the resource but may not perform this action. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 403,
                 *         "message": "You are not allowed to do this"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description What the request names is gone (deleted, or no longer in the organization). */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 410,
                 *         "message": "Gone"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource does not exist or the caller may not see it. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 404,
                 *         "message": "Not found"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is larger than the server accepts. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 413,
                 *         "message": "Request body too large"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource changed since the revision given in If-Match. */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 412,
                 *         "message": "The target revision has moved on"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token is missing, unknown or revoked. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 401,
                 *         "message": "Missing or invalid authorization token"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected error. */
        UnexpectedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": 500,
                 *         "message": "Internal server error"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description GitBook's permission to serve mutable Git metadata from a cache. Accepted for GitBook's clients; Bindery reads the
         *     metadata from the database on every request, so the answer is the same with either value.
         */
        CachedMetadata: boolean;
        /** @description Only return change requests the user with this id contributed to. */
        ChangeRequestContributor: string;
        /** @description Only return change requests created by the user with this id. */
        ChangeRequestCreator: string;
        /** @description Only return change requests with (`all`) or without (`none`) style guide findings. Bindery has no style guides: no change request has findings. */
        ChangeRequestFinding: "none" | "all";
        /** @description The unique id of the change-request or its number in the space. */
        ChangeRequestId: string;
        /** @description The order of the list, most recent first. */
        ChangeRequestOrderBy: "updatedAt" | "createdAt";
        /** @description Only return change requests on which this user (id) is a requested reviewer. */
        ChangeRequestRequestedReviewer: string;
        /** @description Only return change requests of the spaces this site publishes. */
        ChangeRequestSiteFilter: string;
        /** @description Only return change requests of this space. */
        ChangeRequestSpaceFilter: string;
        /** @description Only return change requests with one of these statuses (repeat the parameter for several). */
        ChangeRequestStatusesFilter: ("draft" | "open" | "archived" | "merged")[];
        /** @description Only return change requests with this status. */
        ChangeRequestStatusFilter: "draft" | "open" | "archived" | "merged";
        /** @description Only return change requests made by this style guide run (GitBook's style guides). Bindery has no style guides, so a change request never matches and the list is empty. */
        ChangeRequestStyleguideRun: string;
        /** @description Only return change requests linked to this site topic (GitBook's site topics). Bindery has no site topics, so a change request never matches and the list is empty. */
        ChangeRequestTopic: string;
        /** @description The number of changes to answer (at most 1000); `more` counts the others. */
        ChangesLimit: number;
        /** @description The unique id of the collection. */
        CollectionId: string;
        /** @description Only return comments posted by these users (ids; repeat the parameter for several users). */
        CommentAuthors: string[];
        /** @description The unique id of the comment. */
        CommentId: string;
        /** @description The unique id of the comment-reply. */
        CommentReplyId: string;
        /** @description Only return comments with this status; `all` returns every comment. */
        CommentStatusFilter: "all" | "open" | "resolved";
        /** @description Only return comments posted on the page with this id. */
        CommentTargetPage: string;
        /**
         * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
         *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
         *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
         */
        Computed: boolean;
        /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
        Dereferenced: boolean | "reusable-contents";
        /** @description An email domain, e.g. `example.com`. */
        EmailDomain: string;
        /**
         * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
         *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
         *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
         *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
         *     Bindery makes is deterministic.
         */
        Evaluated: boolean | "deterministic-only";
        /** @description The unique id of the event. */
        EventId: string;
        /** @description The signed, expiring export token (with, when made for a site API token, its visitor's claims) from the `url` of `GET .../change-requests/{changeRequestId}/pdf`. */
        ExportToken: string;
        /** @description true: each item carries the full space (or site) object; false (default): its id. */
        Extended: boolean;
        /** @description The unique id of the file. */
        FileId: string;
        /** @description The unique id of a custom font. */
        FontId: string;
        /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
        Format: "document" | "markdown";
        /** @description The unique id of the glossary entry. */
        GlossaryEntryId: string;
        /** @description A site's custom hostname, e.g. `docs.example.com`. */
        Hostname: string;
        /**
         * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
         *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
         *     edits are applied one after the other.
         */
        IfMatch: string;
        /** @description The unique id of the import run. */
        ImportRunId: string;
        /** @description The unique id of the integration installation. */
        InstallationId: string;
        /** @description The unique name of the integration. */
        IntegrationName: string;
        /**
         * @description The rest of the path of the request, handed to the integration script with the `fetch` event (e.g.
         *     `webhooks/github`). The slashes need not be encoded.
         */
        IntegrationRequestPath: string;
        /** @description The unique id of the invite. */
        InviteId: string;
        /** @description The number of results per page (at most 1000). */
        Limit: number;
        /**
         * @description Only return links with this status: `ok` (no problem), `broken` (the target does not exist in the revision),
         *     `in-app` (a URL pointing to an internal location in the app).
         */
        LinkStatusFilter: components["schemas"]["ContentReferenceStatus"];
        /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
        MarkdownRefs: "relative" | "stable";
        /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
        Metadata: boolean;
        /** @description The direction of the ordering. */
        Order: components["schemas"]["ListOrder"];
        /** @description The unique id of the organization. */
        OrganizationId: string;
        /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
        Page: string;
        /** @description The unique id of the page. */
        PageId: string;
        /**
         * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
         *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
         */
        PagePath: string;
        /** @description `return=minimal` answers 204 with no body (and `Preference-Applied: return=minimal`); `return=representation` (the default) answers the resource. */
        ReturnPreference: "return=minimal" | "return=representation";
        /**
         * @description GitBook's switch for computed content. Accepted for GitBook's clients: a reusable content is never computed in
         *     Bindery (it is the markdown of a `.gitbook/includes` file), so the answer is the same with either value.
         */
        ReusableContentComputed: boolean;
        /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
        ReusableContentId: string;
        /** @description The unique id of the review. */
        ReviewId: string;
        /** @description The unique id of the revision. */
        RevisionId: string;
        /** @description The unique id of the saml-provider. */
        SamlProviderId: string;
        /** @description The text to search for. */
        SearchQuery: string;
        /** @description The unique id of the share link. */
        ShareLinkId: string;
        /** @description The unique id of the site external link. */
        SiteExternalLinkId: string;
        /** @description The unique id of the site. */
        SiteId: string;
        /** @description The unique id of the site redirect. */
        SiteRedirectId: string;
        /** @description The unique id of the site-section-group. */
        SiteSectionGroupId: string;
        /** @description The unique id of the site-section. */
        SiteSectionId: string;
        /** @description Share key of a site published through share links; used to resolve the published URLs. */
        SiteShareKey: string;
        /** @description The unique id of the site-space. */
        SiteSpaceId: string;
        /** @description The unique id of the space. */
        SpaceId: string;
        /** @description The slug of the OpenAPI specification. */
        SpecSlug: string;
        /** @description The id of a version of the OpenAPI specification. */
        SpecVersionId: string;
        /** @description The key of a stored file (the `key` answered by `generateStorageUploadURL`). */
        StorageKey: string;
        /** @description The subdomain (an organization's `hostname`). */
        Subdomain: string;
        /** @description The unique id of the team. */
        TeamId: string;
        /** @description The unique id of the token. */
        TokenId: string;
        /** @description The unique id of the translation. */
        TranslationId: string;
        /**
         * @deprecated
         * @description GitBook's deprecated switch for settings it masks. Accepted for GitBook's clients: Bindery masks no customization
         *     setting, so the answer is the same with either value.
         */
        Unmasked: boolean;
        /** @description The secret of an upload URL answered by `generateStorageUploadURL`. */
        UploadToken: string;
        /** @description The unique id of the user. */
        UserId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiInformation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version of the API and of the server build. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        build: string;
                        version: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCollectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCollectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCollectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    defaultLevel?: components["schemas"]["DefaultLevelInput"];
                    /** @description Description of the collection. */
                    description?: string;
                    /** @description Title of the collection. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The collection has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the new parent collection; `null` moves it to the organization root. Unchanged when omitted. */
                    parent?: string | null;
                    /** @description Where to put the collection among its siblings; at the end when omitted. */
                    position?: {
                        /** @description Put the collection just after this sibling. */
                        after?: {
                            /** @description Id of the sibling space. */
                            space: string;
                            /** @constant */
                            type: "space";
                        } | {
                            /** @description Id of the sibling collection. */
                            collection: string;
                            /** @constant */
                            type: "collection";
                        };
                        /** @description Put the collection just before this sibling. */
                        before?: {
                            /** @description Id of the sibling space. */
                            space: string;
                            /** @constant */
                            type: "space";
                        } | {
                            /** @description Id of the sibling collection. */
                            collection: string;
                            /** @constant */
                            type: "collection";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The collection has been moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    inviteToCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteToContent"];
            };
        };
        responses: {
            /** @description The role has been granted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPermissionsAggregateInCollection: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the users whose role on the collection is this one. */
                role?: components["schemas"]["MemberRole"];
            };
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamPermissionsInCollection: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["TeamContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeTeamFromCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team has no grant on the collection. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateTeamPermissionInCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listUserPermissionsInCollection: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeUserFromCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user has no grant on the collection. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateUserPermissionInCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpacesInCollectionById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the spaces in the collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Space"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    transferCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the collection. */
                collectionId: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the target organization. */
                    organization: string;
                };
            };
        };
        responses: {
            /** @description The collection has been transferred. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCustomHostname: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site's custom hostname, e.g. `docs.example.com`. */
                hostname: components["parameters"]["Hostname"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The custom hostname. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomHostname"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeCustomHostname: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site's custom hostname, e.g. `docs.example.com`. */
                hostname: components["parameters"]["Hostname"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hostname was removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    dnsRevalidateCustomHostname: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A site's custom hostname, e.g. `docs.example.com`. */
                hostname: components["parameters"]["Hostname"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nothing to revalidate; the hostname serves its site. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationsForEmailDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An email domain, e.g. `example.com`. */
                emailDomain: components["parameters"]["EmailDomain"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: components["schemas"]["Organization"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadExportedPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed, expiring export token (with, when made for a site API token, its visitor's claims) from the `url` of `GET .../change-requests/{changeRequestId}/pdf`. */
                token: components["parameters"]["ExportToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The URL has expired; ask for a new one. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Only the integrations with a block that unfurls URLs of this domain are listed. */
                blockDomain?: string;
                /** @description true: only the integrations with blocks; false: only those without. */
                blocks?: boolean;
                /** @description Only the integrations of this category are listed. */
                category?: components["schemas"]["IntegrationCategory"];
                /** @description true: only the integrations with content sources; false: only those without. */
                contentSources?: boolean;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Only the integrations owned by this organization are listed. */
                owner?: string;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the integrations requesting this scope are listed. */
                scope?: components["schemas"]["IntegrationScope"];
                /** @description Only the integrations whose name matches this text are listed. */
                search?: string;
                /** @description Only the integrations with this target are listed. */
                target?: components["schemas"]["IntegrationTarget"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the integrations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Integration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIntegrationByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    publishIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    blocks?: components["schemas"]["IntegrationBlock"][];
                    categories?: components["schemas"]["IntegrationCategory"][];
                    configurations?: components["schemas"]["IntegrationConfigurations"];
                    contentSecurityPolicy?: components["schemas"]["IntegrationContentSecurityPolicy"];
                    contentSources?: components["schemas"]["IntegrationContentSource"][];
                    description: string;
                    externalLinks?: components["schemas"]["IntegrationExternalLink"][];
                    /**
                     * Format: byte
                     * @description Base64 content of the icon.
                     */
                    icon?: string;
                    /** @description Id or subdomain of the organization publishing the integration. */
                    organization: string;
                    /** @description Base64 contents of images that showcase the integration. */
                    previewImages?: string[];
                    /**
                     * @description Runtime of the integration script; `v1` when omitted.
                     * @default v1
                     * @enum {string}
                     */
                    runtime?: "v1";
                    scopes: components["schemas"]["IntegrationScope"][];
                    /** @description Content of the integration script. */
                    script: string;
                    /** @description Secrets passed to the script at runtime, by name. */
                    secrets?: {
                        [key: string]: string;
                    };
                    /** @description Long-form Markdown summary. */
                    summary?: string;
                    /** @description Where the integration can be installed; `all` when omitted. */
                    target?: components["schemas"]["IntegrationTarget"];
                    title: string;
                    visibility?: components["schemas"]["IntegrationVisibility"];
                };
            };
        };
        responses: {
            /** @description The integration has been published. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    unpublishIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration has been unpublished, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    setIntegrationDevelopmentMode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Forward the events of all organizations, not only those of the owning organization.
                     * @default false
                     */
                    all?: boolean;
                    /** @description URL of the tunnel to dispatch the events to. */
                    tunnelUrl: string;
                };
            };
        };
        responses: {
            /** @description The development mode has been set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    disableIntegrationDevelopmentMode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The development mode is off. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrationEvents: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationEvent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIntegrationEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the event. */
                eventId: components["parameters"]["EventId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, with the logs of its processing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: components["schemas"]["IntegrationEvent"];
                        /** @description What happened while the event was processed. */
                        trace?: {
                            logs: {
                                /** @enum {string} */
                                level: "debug" | "info" | "warn" | "error";
                                message: string;
                                /** Format: date-time */
                                timestamp: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrationInstallations: {
        parameters: {
            query?: {
                /** @description Only the installations with this external id are listed. */
                externalId?: string;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationInstallation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    installIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the organization to install on. */
                    organization: string;
                };
            };
        };
        responses: {
            /** @description The integration has been installed. */
            201: {
                headers: {
                    /** @description API URL of the installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIntegrationInstallationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uninstallIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration is uninstalled. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateIntegrationInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    configuration?: components["schemas"]["IntegrationConfigurationValues"];
                    externalIds?: components["schemas"]["IntegrationExternalIds"];
                    /** @enum {string} */
                    site_selection?: "all" | "selected";
                    /** @enum {string} */
                    space_selection?: "all" | "selected";
                };
            };
        };
        responses: {
            /** @description The installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    fetchIntegrationInstallationPublicEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the script answered (any status, headers and body). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The script failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description What the script answered. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
        };
    };
    postIntegrationInstallationPublicEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description What the script answered (any status, headers and body). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The script failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description What the script answered. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
        };
    };
    fetchIntegrationInstallationPublicEndpointPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /**
                 * @description The rest of the path of the request, handed to the integration script with the `fetch` event (e.g.
                 *     `webhooks/github`). The slashes need not be encoded.
                 */
                requestPath: components["parameters"]["IntegrationRequestPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the script answered (any status, headers and body). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The script failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description What the script answered. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
        };
    };
    postIntegrationInstallationPublicEndpointPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /**
                 * @description The rest of the path of the request, handed to the integration script with the `fetch` event (e.g.
                 *     `webhooks/github`). The slashes need not be encoded.
                 */
                requestPath: components["parameters"]["IntegrationRequestPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description What the script answered (any status, headers and body). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The script failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description What the script answered. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
        };
    };
    listIntegrationInstallationSites: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the site installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationSiteInstallation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    installIntegrationOnSite: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the site. */
                    site?: string;
                    /** @description Id of the site (same as `site`). */
                    siteId?: string;
                };
            };
        };
        responses: {
            /** @description The site installation. */
            201: {
                headers: {
                    /** @description API URL of the site installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIntegrationSiteInstallation: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uninstallIntegrationFromSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration is no longer enabled on the site. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateIntegrationSiteInstallation: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    configuration?: components["schemas"]["IntegrationConfigurationValues"];
                    externalIds?: components["schemas"]["IntegrationExternalIds"];
                };
            };
        };
        responses: {
            /** @description The site installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrationInstallationSpaces: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the space installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationSpaceInstallation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    installIntegrationOnSpace: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the space. */
                    space: string;
                };
            };
        };
        responses: {
            /** @description The space installation. */
            201: {
                headers: {
                    /** @description API URL of the space installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIntegrationSpaceInstallation: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uninstallIntegrationFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration is no longer enabled on the space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateIntegrationSpaceInstallation: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space (or site) object; false (default): its id. */
                extended?: components["parameters"]["Extended"];
            };
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    configuration?: components["schemas"]["IntegrationConfigurationValues"];
                    externalIds?: components["schemas"]["IntegrationExternalIds"];
                };
            };
        };
        responses: {
            /** @description The space installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createIntegrationInstallationToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the integration installation. */
                installationId: components["parameters"]["InstallationId"];
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallationToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    renderIntegrationUiWithGet: {
        parameters: {
            query: {
                /** @description The render request (as the POST form's body), JSON compressed with lz-string's `compressToEncodedURIComponent`. */
                request: string;
            };
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the script rendered. */
            200: {
                headers: {
                    /** @description The integration's content security policy, when it declares one. */
                    "Content-Security-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The script failed or answered something that is not a JSON object. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    renderIntegrationUiWithPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderIntegrationUI"];
            };
        };
        responses: {
            /** @description What the script rendered. */
            200: {
                headers: {
                    /** @description The integration's content security policy, when it declares one. */
                    "Content-Security-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The script failed or answered something that is not a JSON object. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrationSiteInstallations: {
        parameters: {
            query?: {
                /** @description true: each item carries the full site object; false (default): its id. */
                extended?: boolean;
                /** @description Only the installations with this external id are listed. */
                externalId?: string;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the site installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationSiteInstallation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listIntegrationSpaceInstallations: {
        parameters: {
            query?: {
                /** @description true: each item carries the full space object; false (default): its id. */
                extended?: boolean;
                /** @description Only the installations with this external id are listed. */
                externalId?: string;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the space installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["IntegrationSpaceInstallation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    queueIntegrationTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Seconds to wait before the task is delivered (default 0). */
                    schedule?: number;
                    /** @description The task's payload, handed to the script as the event's `task`. */
                    task: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The task is queued. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listImportRuns: {
        parameters: {
            query?: {
                /** @description Only the runs into this change request. */
                changeRequest?: string;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the runs into a space this site publishes (one of its site spaces). */
                site?: string;
                /** @description Only the runs into this space. */
                space?: string;
                /** @description Only the runs in this status; `active` is `pending` and `in-progress`. */
                status?: "active" | "pending" | "in-progress" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the import runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ContentImportRun"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    startImportRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Accepted for GitBook compatibility; Bindery does not rewrite imported content. */
                    enhance?: boolean;
                    /** @description Accepted for GitBook compatibility; Bindery does not use it. */
                    site?: string;
                    source: components["schemas"]["ContentImportSource"];
                    target: components["schemas"]["ContentImportTarget"];
                };
            };
        };
        responses: {
            /** @description The import has started. */
            201: {
                headers: {
                    /** @description API URL of the import run. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentImportRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getImportRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the import run. */
                importRunId: components["parameters"]["ImportRunId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentImportRun"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    cancelImportRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the import run. */
                importRunId: components["parameters"]["ImportRunId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentImportRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationsForAuthenticatedUser: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations the caller is a member of. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Organization"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOrganization: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's OpenAPI specification to import into the default site. Not done by Bindery while creating an
                 *     organization: any value is a 400 naming `/query/openapiUrl` (add the specification afterwards with
                 *     `POST /v1/orgs/{organizationId}/openapi`). Nothing is created.
                 */
                openapiUrl?: string;
                /**
                 * @description GitBook's request for a default documentation site. `true` also creates, in the same transaction, a site
                 *     titled after the organization (unpublished, public visibility) whose one site space publishes a new space
                 *     made from the built-in `product-docs` template, and makes it the organization's `defaultContent`.
                 */
                withDefaultSite?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emailDomains?: components["schemas"]["OrganizationEmailDomains"];
                    hostname?: components["schemas"]["OrganizationHostname"];
                    /**
                     * @description GitBook's onboarding answers (where the docs come from, who reads them, what the user is interested
                     *     in), which tailor GitBook's recommendations for the default site. Accepted and validated; Bindery
                     *     makes no recommendations, so they are not stored and change nothing (the default site is the same
                     *     with or without them).
                     */
                    onboardingPreferences?: {
                        audience: ("public" | "mixed" | "protected" | "internal") | null;
                        interests: ("adaptive-content" | "api-docs" | "proactive-agent")[];
                        source: ("markdown-in-git" | "import" | "template") | null;
                    };
                    title: string;
                    /**
                     * @default business
                     * @enum {string}
                     */
                    type?: "business" | "community";
                };
            };
        };
        responses: {
            /** @description The organization was created. */
            201: {
                headers: {
                    /** @description API URL of the new organization. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization, with `permissions` computed for the caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ai?: boolean;
                    defaultContent?: components["schemas"]["OrganizationDefaultContent"] | null;
                    defaultRole?: components["schemas"]["MemberRoleOrGuest"];
                    emailDomains?: components["schemas"]["OrganizationEmailDomains"];
                    hostname?: components["schemas"]["OrganizationHostname"];
                    inviteLinks?: boolean;
                    logo?: string | null;
                    mergeRules?: components["schemas"]["MergeRulesInput"];
                    sso?: boolean;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The updated organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationAuditEventActions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every action audit events may carry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["AuditEventAction"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationAuditEvents: {
        parameters: {
            query?: {
                /** @description Filter by an exact audit action name. */
                action?: string;
                /** @description Filter by an exact stable actor identifier (a user's, integration's or installation's id). */
                actor?: string;
                /** @description Include events occurring at or after this time. */
                from?: string;
                /** @description Number of events to return (default 20, at most 1000). */
                limit?: number;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Filter by an exact stable target identifier. */
                target?: string;
                /** @description Include events occurring at or before this time. */
                to?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["AuditEvent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationAuditEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the audit event. */
                auditEventId: string;
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventDetails"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listChangeRequestsForOrganization: {
        parameters: {
            query?: {
                /** @description Only return change requests the user with this id contributed to. */
                contributor?: components["parameters"]["ChangeRequestContributor"];
                /** @description Only return change requests created by the user with this id. */
                creator?: components["parameters"]["ChangeRequestCreator"];
                /** @description Only return change requests with (`all`) or without (`none`) style guide findings. Bindery has no style guides: no change request has findings. */
                finding?: components["parameters"]["ChangeRequestFinding"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The order of the list, most recent first. */
                orderBy?: components["parameters"]["ChangeRequestOrderBy"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only return change requests on which this user (id) is a requested reviewer. */
                requestedReviewer?: components["parameters"]["ChangeRequestRequestedReviewer"];
                /** @description Only return change requests of the spaces this site publishes. */
                site?: components["parameters"]["ChangeRequestSiteFilter"];
                /** @description Only return change requests of this space. */
                space?: components["parameters"]["ChangeRequestSpaceFilter"];
                /** @description Only return change requests with one of these statuses (repeat the parameter for several). */
                status?: components["parameters"]["ChangeRequestStatusesFilter"];
                /** @description Only return change requests made by this style guide run (GitBook's style guides). Bindery has no style guides, so a change request never matches and the list is empty. */
                styleguideRun?: components["parameters"]["ChangeRequestStyleguideRun"];
                /** @description Only return change requests linked to this site topic (GitBook's site topics). Bindery has no site topics, so a change request never matches and the list is empty. */
                topic?: components["parameters"]["ChangeRequestTopic"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ChangeRequest"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCollectionsInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description When true (default) nested collections are listed too; when false only root-level collections. */
                nested?: boolean;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Collection"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Id of the parent collection. */
                    parent?: string;
                    /** @description Title of the collection. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The collection has been created. */
            201: {
                headers: {
                    /** @description API URL of the collection. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCustomFonts: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the fonts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["CustomFont"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createCustomFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fontFaces: {
                        storageKey: string;
                        weight: number;
                    }[];
                    fontFamily: string;
                };
            };
        };
        responses: {
            /** @description The font has been created. */
            201: {
                headers: {
                    /** @description API URL of the font. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFont"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCustomFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of a custom font. */
                fontId: components["parameters"]["FontId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The font. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFont"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCustomFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of a custom font. */
                fontId: components["parameters"]["FontId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fontFaces?: {
                        storageKey: string | null;
                        weight: number;
                    }[];
                    fontFamily?: string;
                };
            };
        };
        responses: {
            /** @description The changed font. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFont"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCustomFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of a custom font. */
                fontId: components["parameters"]["FontId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There was no such font. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The font has been deleted. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationInstallations: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the integrations whose name contains this text (case-insensitive). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the installations with their integrations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: {
                            installation: components["schemas"]["IntegrationInstallation"];
                            integration: components["schemas"]["Integration"];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationIntegrations: {
        parameters: {
            query?: {
                /** @description Only the integrations with a block that unfurls URLs of this domain are listed. */
                blockDomain?: string;
                /** @description true: only the integrations with blocks; false: only those without. */
                blocks?: boolean;
                /** @description Only the integrations of this category are listed. */
                category?: components["schemas"]["IntegrationCategory"];
                /** @description true: only the integrations with content sources; false: only those without. */
                contentSources?: boolean;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Only the integrations owned by this organization are listed. */
                owner?: string;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the integrations requesting this scope are listed. */
                scope?: components["schemas"]["IntegrationScope"];
                /** @description Only the integrations whose name matches this text are listed. */
                search?: string;
                /** @description Only the integrations with this target are listed. */
                target?: components["schemas"]["IntegrationTarget"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the integrations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Integration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationIntegrationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique name of the integration. */
                integrationName: components["parameters"]["IntegrationName"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installation's status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: components["schemas"]["IntegrationInstallationStatus"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationIntegrationsStatus: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the installations covering this site (with `target=site`). */
                site?: string;
                /** @description Only the installations covering this space (with `target=space`). */
                space?: string;
                /** @description What the installations are on. */
                target?: "organization" | "space" | "site";
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installations with their status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["InstalledIntegration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    inviteUsersToOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emails: (string | {
                        /** Format: email */
                        email: string;
                        role: components["schemas"]["MemberRoleOrGuest"];
                    })[];
                    role?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description Add the users as SSO members. */
                    sso?: boolean;
                };
            };
        };
        responses: {
            /** @description The users were added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failedSSOEmails?: string[];
                        /** @description Number of users newly added. */
                        invited: number;
                        /** @description Ids of the users who are now members. */
                        users: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    joinOrganizationWithInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's membership. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    joinOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller is a member. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOrganizationInviteLinks: {
        parameters: {
            query?: {
                /** @description Bindery extension. List the invite links to this collection of the organization. */
                collection?: string;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Bindery extension. List the invite links to this space of the organization. */
                space?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite links, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["OrganizationInviteLink"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOrganizationInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The id of the collection of the organization the link is to. */
                    collection?: string;
                    /** @description The role on the space or collection granted to whoever joins (with `space` or `collection`). */
                    level?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description The role in the organization of whoever joins (a link to the organization). */
                    role?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description The id of the space of the organization the link is to. */
                    space?: string;
                };
            };
        };
        responses: {
            /** @description The invite link was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationInviteLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationInviteLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationInviteLink"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteOrganizationInviteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateOrganizationInviteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the invite. */
                inviteId: components["parameters"]["InviteId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new level of a link to a space or collection. */
                    level?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description The new role of a link to the organization. */
                    role?: components["schemas"]["MemberRoleOrGuest"];
                };
            };
        };
        responses: {
            /** @description The invite link, updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationInviteLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listMembersInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The direction of the ordering. */
                order?: components["parameters"]["Order"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only members with this role (`guest` for members with no role). */
                role?: "admin" | "create" | "edit" | "review" | "comment" | "read" | "guest";
                /** @description Only members whose display name or email contains this text (case-insensitive). */
                search?: string;
                /** @description The property to sort by. Sorting by `lastSeenAt` lists every member, those never seen sorting before everyone else (last in the default `desc` order). */
                sort?: "joinedAt" | "lastSeenAt" | "name";
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Member"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMemberInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeMemberFromOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member was removed, or was not a member. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateMemberInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role?: components["schemas"]["MemberRoleOrGuest"];
                };
            };
        };
        responses: {
            /** @description The updated member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpacesForOrganizationMember: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The direction of the ordering. */
                order?: components["parameters"]["Order"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: {
                            permission: components["schemas"]["MemberRole"];
                            space: components["schemas"]["Space"];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    setUserAsSsoMemberForOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamsForOrganizationMember: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only teams whose title contains this text (case-insensitive). */
                title?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams with the member's role in each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: {
                            member: {
                                role: components["schemas"]["TeamMemberRole"];
                            };
                            team: components["schemas"]["Team"];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOpenAPISpecs: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the OpenAPI specs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["OpenAPISpec"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOpenAPISpec: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Slug of the spec, unique in the organization. */
                    slug: string;
                    source: components["schemas"]["OpenAPISpecSource"];
                };
            };
        };
        responses: {
            /** @description The OpenAPI spec has been created. */
            201: {
                headers: {
                    /** @description API URL of the OpenAPI spec. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI spec. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOrUpdateOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    source: components["schemas"]["OpenAPISpecSource"];
                };
            };
        };
        responses: {
            /** @description The OpenAPI spec has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            /** @description The OpenAPI spec has been created. */
            201: {
                headers: {
                    /** @description API URL of the OpenAPI spec. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI spec has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    visibility: components["schemas"]["OpenAPISpecVisibility"];
                };
            };
        };
        responses: {
            /** @description The OpenAPI spec has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPublicOpenAPISpec: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw text of the latest version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                    "application/yaml": string;
                };
            };
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listOpenAPISpecVersions: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["OpenAPISpecVersion"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOpenAPISpecVersionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
                /** @description The id of a version of the OpenAPI specification. */
                versionId: components["parameters"]["SpecVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOpenAPISpecVersionContentById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
                /** @description The id of a version of the OpenAPI specification. */
                versionId: components["parameters"]["SpecVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getLatestOpenAPISpecVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getLatestOpenAPISpecVersionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getLatestOpenAPISpecVersionContentRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The slug of the OpenAPI specification. */
                specSlug: components["parameters"]["SpecSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecRawContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateOrganizationMemberLastSeenAt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's membership was updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A JWT containing the claims to attach to this user. */
                        serviceVisitorClaims?: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSAMLProvidersInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the SAML providers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SAMLProvider"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Signing certificate of the identity provider (PEM). */
                    certificate?: string;
                    /** @description Role new SSO members get (`null` for guests). */
                    defaultRole?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description Id of the team new SSO members join. */
                    defaultTeam?: string;
                    /** @description Entity ID of the identity provider. */
                    entityID?: string;
                    /** @description Label of the provider, shown on the sign-in page. */
                    label: string;
                    /**
                     * Format: uri
                     * @description Single sign-on URL of the identity provider.
                     */
                    ssoURL?: string;
                };
            };
        };
        responses: {
            /** @description The SAML provider has been created. */
            201: {
                headers: {
                    /** @description API URL of the SAML provider. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SAMLProvider"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOrganizationSAMLProviderById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SAML provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SAMLProvider"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SAML provider has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Signing certificate of the identity provider (PEM). */
                    certificate?: string;
                    /** @description Role new SSO members get (`null` for guests). */
                    defaultRole?: components["schemas"]["MemberRoleOrGuest"];
                    /** @description Id of the team new SSO members join. */
                    defaultTeam?: string;
                    /** @description Entity ID of the identity provider. */
                    entityID?: string;
                    /** @description Label of the provider, shown on the sign-in page. */
                    label?: string;
                    /**
                     * Format: uri
                     * @description Single sign-on URL of the identity provider.
                     */
                    ssoURL?: string;
                };
            };
        };
        responses: {
            /** @description The SAML provider has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SAMLProvider"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    searchOrganizationContent: {
        parameters: {
            query: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description The text to search for. */
                query: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching spaces, with their matching pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SearchSpaceResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSites: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the published (true) or unpublished (false) sites are listed. */
                published?: boolean;
                /** @description Only the sites that publish this space are listed. */
                space?: string;
                /** @description Only the sites whose title contains this text are listed. */
                title?: string;
                /** @description Only the sites of these types are listed (repeat the parameter: `type=basic&type=premium`). */
                type?: components["schemas"]["SiteType"][];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the sites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Site"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Ids of spaces to add to the site. */
                    spaces?: string[];
                    /** @description Title of the site. */
                    title?: string;
                    /**
                     * @description Type of the site.
                     * @default basic
                     */
                    type?: components["schemas"]["SiteType"];
                    visibility?: components["schemas"]["SiteVisibility"];
                };
            };
        };
        responses: {
            /** @description The site has been created. */
            201: {
                headers: {
                    /** @description API URL of the site. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    adaptiveContent?: {
                        /** @description Whether adaptive content is enabled. */
                        enabled: boolean;
                    };
                    /**
                     * @description `excluded`: AI agents cannot access the site; `included`: they can.
                     * @enum {string}
                     */
                    agentsContext?: "excluded" | "included";
                    /** @description Basename of the site, e.g. `api`. */
                    basename?: string;
                    /** @description Id of the section to use as the default. */
                    defaultSiteSection?: string;
                    /** @description Id of the site space to use as the default at the root level, or in the default section when the site has sections. */
                    defaultSiteSpace?: string;
                    /** @description Bindery extension (GitBook sets custom hostnames outside its public API): the custom hostname the published site is served at, at `/`, for requests whose `Host` is this name (point its DNS or reverse proxy at the server); `urls.published` becomes `<scheme>://<hostname>/`. `null` removes it. A hostname of another site is a 409. */
                    hostname?: string | null;
                    /** @description Host plus path to serve the site from through a reverse proxy, e.g. `example.com/docs`; `null` removes the proxy. */
                    proxy?: string | null;
                    /** @description Title of the site. */
                    title?: string;
                    visibility?: components["schemas"]["SiteVisibility"];
                };
            };
        };
        responses: {
            /** @description The site has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteAdaptiveSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The adaptive schema of the site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteAdaptiveSchema"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteAdaptiveSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    jsonSchema: components["schemas"]["SiteAdaptiveJSONSchema"];
                };
            };
        };
        responses: {
            /** @description The adaptive schema has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteAdaptiveSchema"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteAdaptiveTemplateConditions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition templates, derived from the visitor attributes schema of the site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["SiteAdaptiveTemplateCondition"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteCustomizationById: {
        parameters: {
            query?: {
                /**
                 * @deprecated
                 * @description GitBook's deprecated switch for settings it masks. Accepted for GitBook's clients: Bindery masks no customization
                 *     setting, so the answer is the same with either value.
                 */
                unmasked?: components["parameters"]["Unmasked"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteCustomization"];
            };
        };
        responses: {
            /** @description The customization as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addExternalLinkToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Expression deciding whether visitors see the link; `null` removes it. */
                    condition?: string | null;
                    description?: string | null;
                    draft?: boolean;
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Id of the section group to put it in; omitted for the site root. */
                    parent?: string;
                    title: string;
                    /** @description Absolute http or https URL. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The external link. */
            201: {
                headers: {
                    /** @description API URL of the external link. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteExternalLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteExternalLinkById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site external link. */
                siteExternalLinkId: components["parameters"]["SiteExternalLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There was no such external link. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The external link was deleted. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteExternalLinkById: {
        parameters: {
            query?: never;
            header?: {
                /** @description `return=minimal` answers 204 with no body (and `Preference-Applied: return=minimal`); `return=representation` (the default) answers the resource. */
                prefer?: components["parameters"]["ReturnPreference"];
            };
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site external link. */
                siteExternalLinkId: components["parameters"]["SiteExternalLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Expression deciding whether visitors see the link; `null` removes it. */
                    condition?: string | null;
                    description?: string | null;
                    draft?: boolean;
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Id of the section group to move it into; `null` for the site root. */
                    parent?: string | null;
                    title?: string;
                    /** @description Absolute http or https URL. */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The external link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteExternalLink"];
                };
            };
            /** @description Updated (with `Prefer: return=minimal`). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSitePageFeedback: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the feedback on this page. */
                pageId?: string;
                /** @description Only the feedback with this rating. */
                rating?: components["schemas"]["PageFeedbackRating"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the feedback. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SitePageFeedback"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    trackEventsInSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: components["schemas"]["SiteInsightsEvent"][];
                };
            };
        };
        responses: {
            /** @description Events have been tracked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    aggregateSiteEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteInsightsQueryEventsAggregation"];
            };
        };
        responses: {
            /** @description Aggregated events in the site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteInsightsQueryEventsAggregationResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteIntegrations: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the integrations whose name contains this text (case-insensitive). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integrations, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Integration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    inviteToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteToContent"];
            };
        };
        responses: {
            /** @description The role was granted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPermissionsAggregateInSite: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The direction of the ordering. */
                order?: components["parameters"]["Order"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the users whose role on the site is this one (`guest` matches none). */
                role?: "admin" | "create" | "edit" | "review" | "comment" | "read" | "guest";
                /** @description Only users whose display name or email contains this text (case-insensitive). */
                search?: string;
                /** @description The property to sort by. Sorting by `lastSeenAt` lists every member, those never seen sorting before everyone else (last in the default `desc` order). */
                sort?: "joinedAt" | "lastSeenAt" | "name";
                /** @description Only the members of this team. */
                team?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their role on the site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserSitePermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamPermissionsInSite: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["TeamContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeTeamFromSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team has no grant on the site. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateTeamPermissionInSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listUserPermissionsInSite: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeUserFromSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user has no grant on the site. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateUserPermissionInSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    publishSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site has been published. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPublishedContentSite: {
        parameters: {
            query?: {
                /** @description Share key of a site published through share links; used to resolve the published URLs. */
                shareKey?: components["parameters"]["SiteShareKey"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published profile of the site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedContentSite"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    backend: "custom";
                    /** Format: uri */
                    fallbackURL?: string | null;
                };
            };
        };
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    regenerateSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, with the new key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSitePublishingPreviewById: {
        parameters: {
            query?: {
                /** @description Not supported (400). */
                claims?: string;
                /** @description Accepted and ignored (the preview shows what is live; drafts are not previewed). */
                draft?: boolean;
                /** @description Id of the site space to open; the default one otherwise. */
                siteSpace?: string;
                /** @description A URL of the site to open. */
                target?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteRedirectBySource: {
        parameters: {
            query: {
                /** @description Share key of a site published through share links; used to resolve the published URLs. */
                shareKey?: components["parameters"]["SiteShareKey"];
                /** @description The source path of the redirect (its `/` may be sent unencoded). */
                source: components["schemas"]["SiteRedirectSourcePath"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redirect and its destination URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redirect: components["schemas"]["SiteRedirect"];
                        /** @description URL of the destination of the redirect. */
                        target: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteRedirects: {
        parameters: {
            query?: {
                /** @description List the draft redirects instead of the live ones. */
                draft?: boolean;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Sort redirects by the given field. */
                orderBy?: "createdAt" | "updatedAt" | "source";
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Search for a redirect by path. */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the redirects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SiteRedirect"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    bulkUpsertSiteRedirects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    redirects: {
                        /** @default false */
                        captureWildcard?: boolean;
                        destination?: components["schemas"]["SiteRedirectInputDestination"] | null;
                        /**
                         * @default live
                         * @enum {string}
                         */
                        intent?: "live" | "draft" | "publish";
                        permanent?: boolean;
                        source: components["schemas"]["SiteRedirectSourcePath"];
                    }[];
                };
            };
        };
        responses: {
            /** @description One result per item, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            draft: boolean;
                            /** @description Why the item was not applied. */
                            error?: string;
                            /** @description The redirect created, updated or made live. */
                            id?: string;
                            source: string;
                            /** @enum {string} */
                            status: "created" | "updated" | "deleted" | "published" | "error";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createSiteRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Append the part of the path the source's wildcard matched to the destination URL.
                     * @default false
                     */
                    captureWildcard?: boolean;
                    destination: components["schemas"]["SiteRedirectInputDestination"];
                    /**
                     * @description Whether the redirect is a draft and not live.
                     * @default false
                     */
                    draft?: boolean;
                    /**
                     * @description Whether the redirect is permanent for public live traffic (308 rather than 307).
                     * @default false
                     */
                    permanent?: boolean;
                    source: components["schemas"]["SiteRedirectSourcePath"];
                };
            };
        };
        responses: {
            /** @description The redirect has been created. */
            201: {
                headers: {
                    /** @description API URL of the redirect. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRedirect"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteRedirectById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site redirect. */
                siteRedirectId: components["parameters"]["SiteRedirectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redirect did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The redirect has been deleted. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteRedirectById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site redirect. */
                siteRedirectId: components["parameters"]["SiteRedirectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    captureWildcard?: boolean;
                    destination?: components["schemas"]["SiteRedirectDestination"];
                    draft?: boolean;
                    permanent?: boolean;
                    source?: components["schemas"]["SiteRedirectSourcePath"];
                };
            };
        };
        responses: {
            /** @description The redirect, updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRedirect"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    searchSiteContent: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Deprecated (use `scope`).
                     * @enum {string}
                     */
                    mode?: "specific" | "current" | "all";
                    query: string;
                    scope?: {
                        currentSiteSpace?: string;
                        /** @enum {string} */
                        mode: "default" | "specific" | "all";
                        /** @enum {string} */
                        restrictTo?: "currentSiteSpace" | "otherSiteSpaces";
                        siteSpaceIds?: string[];
                    };
                    /** @description Deprecated (use `scope`); with `mode: current`. */
                    siteSpaceId?: string;
                    /** @description Deprecated (use `scope`). */
                    siteSpaceIds?: string[];
                };
            };
        };
        responses: {
            /** @description The matching spaces, with their matching pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SearchSpaceResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    prewarmSiteSearch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site's search indexes are built. */
            204: {
                headers: {
                    /** @description `built=<n>, warm=<m>`: indexes this call built, and those already built. */
                    "X-Bindery-Search-Indexes"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteSectionGroups: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the section groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SiteSectionGroup"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addSectionGroupToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Id of the parent section group; the group is added at the site root when omitted. */
                    parent?: string;
                    /** @description Ids of sections to move into the group. */
                    sections?: string[];
                    /** @description Title of the group. */
                    title: string;
                };
            };
        };
        responses: {
            /** @description The section group has been added. */
            201: {
                headers: {
                    /** @description API URL of the section group. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteSectionGroupById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section group has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteSectionGroupById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Title of the group. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The section group has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveSiteSectionGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to put the group among the items of its level; at the end when omitted. */
                    position?: {
                        after?: components["schemas"]["SiteSectionGroupPointer"];
                        before?: components["schemas"]["SiteSectionGroupPointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The section group has been moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addSectionToGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the section to add to the group. */
                    sectionId: string;
                };
            };
        };
        responses: {
            /** @description The section has been added to the group. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeSectionFromGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section-group. */
                siteSectionGroupId: components["parameters"]["SiteSectionGroupId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section has been removed from the group, or was not in it. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteSections: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Share key of a site published through share links; used to resolve the published URLs. */
                shareKey?: components["parameters"]["SiteShareKey"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SiteSection"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addSectionToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether the new section (and so its site space) is a draft, not live (left out of the published site, its published profile and the URLs it resolves until set to false). Default false. */
                    draft?: boolean;
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Id of the space to add to the section as a site space. */
                    spaceId: string;
                    /**
                     * @description Title of the section; the space's title when omitted or `null` (GitBook's null), or `New section` when
                     *     the space's title is not 2 to 128 characters long.
                     */
                    title?: string | null;
                };
            };
        };
        responses: {
            /** @description The section has been added. */
            201: {
                headers: {
                    /** @description API URL of the section. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteSectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteSectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Expression deciding whether it is shown to a visitor (evaluates to a boolean). Unchanged when omitted; `null` removes it. */
                    condition?: string | null;
                    /** @description Id of the site space to use as the default of the section. */
                    defaultSiteSpace?: string;
                    /** @description Description of the section; `null` removes it. */
                    description?: string | null;
                    /** @description Whether the section (and so its site spaces) is a draft, not live (left out of the published site, its published profile and the URLs it resolves until set to false). Unchanged when omitted. */
                    draft?: boolean;
                    /** @description Name of an icon, e.g. `gear`; `null` for none. */
                    icon?: string | null;
                    /** @description Path of the section on the site. */
                    path?: string;
                    /** @description Title of the section. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The section has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveSiteSection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-section. */
                siteSectionId: components["parameters"]["SiteSectionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to put the section among its siblings; at the end when omitted. */
                    position?: {
                        after?: {
                            /** @description Id of the sibling section. */
                            siteSection: string;
                            /** @constant */
                            type: "site-section";
                        };
                        before?: {
                            /** @description Id of the sibling section. */
                            siteSection: string;
                            /** @constant */
                            type: "site-section";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The section has been moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteShareLinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Search share links by name or key. */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the share links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ShareLink"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createSiteShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["ShareLinkName"];
                };
            };
        };
        responses: {
            /** @description The share link has been created. */
            201: {
                headers: {
                    /** @description API URL of the share link. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteShareLinkById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the share link. */
                shareLinkId: components["parameters"]["ShareLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The share link did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The share link has been deleted. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteShareLinkById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the share link. */
                shareLinkId: components["parameters"]["ShareLinkId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    name?: components["schemas"]["ShareLinkName"];
                };
            };
        };
        responses: {
            /** @description The share link has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSiteSpaces: {
        parameters: {
            query?: {
                /** @description true: only the default site space; false: only the others; omitted: all. */
                default?: boolean;
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Share key of a site published through share links; used to resolve the published URLs. */
                shareKey?: components["parameters"]["SiteShareKey"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the site spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SiteSpace"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addSpaceToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether the new site space is a draft, not live (left out of the published site, its published profile and the URLs it resolves until set to false). Default false. */
                    draft?: boolean;
                    /** @description Id of the section to add the space to; the default section (or the site root) when omitted. */
                    sectionId?: string;
                    /** @description Id of the space to add. */
                    spaceId: string;
                };
            };
        };
        responses: {
            /** @description The site space has been created. */
            201: {
                headers: {
                    /** @description API URL of the site space. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site space has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Expression deciding whether it is shown to a visitor (evaluates to a boolean). Unchanged when omitted; `null` removes it. */
                    condition?: string | null;
                    /** @description Whether the site space is a draft, not live (left out of the published site, its published profile and the URLs it resolves until set to false). Unchanged when omitted. */
                    draft?: boolean;
                    /** @description Whether the published site leaves it out of its navigation (the switcher of its section's site spaces, unless it is the one being read); it is still served at its path. Unchanged when omitted. */
                    hidden?: boolean;
                    /** @description Path of the space on the site. */
                    path?: string;
                    /** @description Id of the space the site space points to. */
                    spaceId?: string;
                };
            };
        };
        responses: {
            /** @description The site space has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteSpaceCustomizationById: {
        parameters: {
            query?: {
                /**
                 * @deprecated
                 * @description GitBook's deprecated switch for settings it masks. Accepted for GitBook's clients: Bindery masks no customization
                 *     setting, so the answer is the same with either value.
                 */
                unmasked?: components["parameters"]["Unmasked"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The effective customization of the site space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSiteSpaceCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Overrides removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    overrideSiteSpaceCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteCustomizationOverride"];
            };
        };
        responses: {
            /** @description The effective customization of the site space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    duplicateSiteSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Only `false` (the copy takes the original's `draft`; `PATCH {draft}` changes it).
                     * @constant
                     */
                    draft?: false;
                };
            };
        };
        responses: {
            /** @description The new site space. */
            201: {
                headers: {
                    /** @description API URL of the new site space. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveSiteSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
                /** @description The unique id of the site-space. */
                siteSpaceId: components["parameters"]["SiteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to put the site space among its siblings; at the end when omitted. */
                    position?: {
                        after?: {
                            /** @description Id of the sibling site space. */
                            siteSpace: string;
                            /** @constant */
                            type: "site-space";
                        };
                        before?: {
                            /** @description Id of the sibling site space. */
                            siteSpace: string;
                            /** @constant */
                            type: "site-space";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The site space has been moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteStructure: {
        parameters: {
            query?: {
                /** @description Share key of a site published through share links; used to resolve the published URLs. */
                shareKey?: components["parameters"]["SiteShareKey"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The structure. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteStructure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    sortSiteStructure: {
        parameters: {
            query?: never;
            header?: {
                /** @description `return=minimal` answers 204 with no body (and `Preference-Applied: return=minimal`); `return=representation` (the default) answers the resource. */
                prefer?: components["parameters"]["ReturnPreference"];
            };
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item: components["schemas"]["SiteStructureItemPointer"];
                    /** @description Where to put the item among the items of its level; at the end when omitted. */
                    position?: {
                        after?: components["schemas"]["SiteStructureItemPointer"];
                        before?: components["schemas"]["SiteStructureItemPointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The item, moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"] | components["schemas"]["SiteSection"] | components["schemas"]["SiteSectionGroup"] | components["schemas"]["SiteExternalLink"];
                };
            };
            /** @description Moved; no body because the request asked for `prefer: return=minimal`. */
            204: {
                headers: {
                    /** @description `return=minimal` */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    applyTemplateToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template is applied (no body, as GitBook answers). */
            200: {
                headers: {
                    /** @description The new site space's API URL. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    unpublishSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site has been unpublished. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSiteVisitorAuth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteVisitorAuth"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSiteVisitorAuth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the site. */
                siteId: components["parameters"]["SiteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    fallbackURL?: string | null;
                    rotateKey?: boolean;
                };
            };
        };
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteVisitorAuth"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpacesInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Space"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description GitBook's space from a computed content source. A `builtin:openapi` source (`dependencies.spec.ref`:
                     *     `{kind: openapi, spec: <slug>}`, a specification of the organization; `props` as on a computed page)
                     *     makes the space's first content one computed page titled "API reference" with that source, in the
                     *     same transaction: content reads (`computed` true, the default) show the reference pages generated
                     *     from the specification's latest version, kept current (docs/openapi.md, "Computed pages"). Other
                     *     types (`builtin:translation`, `integration:…`) are a 400 naming `/body/computedSource/type`
                     *     (Bindery's translations are runs into a target space, and integrations compute no content); a slug
                     *     the organization has no specification for is a 400 naming `/body/computedSource/dependencies/spec/ref/spec`.
                     *     Not with `template` or `empty`.
                     */
                    computedSource?: {
                        dependencies: Record<string, never>;
                        props?: Record<string, never>;
                        type: string;
                    };
                    editMode?: components["schemas"]["SpaceEditMode"];
                    emoji?: components["schemas"]["Emoji"];
                    /** @description When `true`, the space is created without any page. */
                    empty?: boolean;
                    language?: components["schemas"]["Language"];
                    /** @description Id of the collection to create the space in. */
                    parent?: string;
                    /**
                     * @description GitBook's space from a template: the built-in template `id` (as `POST …/content/template` applies
                     *     it) is the new space's first content, in the same transaction (an unknown id is a 400 naming
                     *     `/body/template/id`, and no space is created). A new space has no files, so `params.contentRefs`
                     *     can name none (400). Not with `empty`.
                     */
                    template?: {
                        id: string;
                        params?: {
                            contentRefs?: {
                                [key: string]: components["schemas"]["FileContentRef"];
                            };
                        };
                    };
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The space was created. */
            201: {
                headers: {
                    /** @description API URL of the new space. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSSOProviderLoginsInOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in options, one per SSO provider (not paginated). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["SSOProviderLogin"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    generateStorageUploadURL: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    file: {
                        /** @description Original file name. */
                        name: string;
                        /** @description Size of the file in bytes; the upload must be exactly this long. */
                        size: number;
                        /** @description MIME type of the file. */
                        type: string;
                    };
                    /** @enum {string} */
                    kind: "customization_font" | "import_file" | "organization_file";
                };
            };
        };
        responses: {
            /** @description The upload URL. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The file's key once uploaded. */
                        key: string;
                        /** @enum {string} */
                        object: "storage-signed-url";
                        /**
                         * Format: uri
                         * @description Where to `PUT` the file (`PUT /v1/storage/uploads/{uploadToken}`), for an hour.
                         */
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamsInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Id of a member of the organization: only the teams this member can manage are listed. */
                owner?: string;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the teams whose title contains this text (case-insensitive) are listed. */
                title?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Team"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createOrganizationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Ids of members of the organization to add to the team. */
                    members?: string[];
                    /** @description Title of the team. */
                    title: string;
                };
            };
        };
        responses: {
            /** @description The team has been created. */
            201: {
                headers: {
                    /** @description API URL of the team. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getTeamInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeTeamFromOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateTeamInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Title of the team. */
                    title: string;
                };
            };
        };
        responses: {
            /** @description The team has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamMembersInOrganizationById: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the team members, with their role in the team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["TeamMemberEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateMembersInOrganizationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Users to add (ids or emails). */
                    add?: string[];
                    /** @description Team role to set, by user id. */
                    memberships?: {
                        [key: string]: {
                            role: components["schemas"]["TeamMemberRole"];
                        };
                    };
                    /** @description Users to remove (ids or emails). */
                    remove?: string[];
                };
            };
        };
        responses: {
            /** @description The members have been updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addMemberToOrganizationTeamById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    role?: components["schemas"]["TeamMemberRole"];
                };
            };
        };
        responses: {
            /** @description The member has been added or updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteMemberFromOrganizationTeamById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member has been removed, or was not a member. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTranslations: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the translations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Translation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Instructions for the translator. */
                    instructions?: components["schemas"]["Document"];
                    /** @description Language to translate into. */
                    language: components["schemas"]["Language"];
                    source: {
                        /** @description Language of the source space. */
                        language: components["schemas"]["Language"];
                        /** @description Id of the space to translate. */
                        space: string;
                    };
                };
            };
        };
        responses: {
            /** @description The translation has been created. */
            201: {
                headers: {
                    /** @description API URL of the translation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listGlossaryEntries: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Sort by the entries' terms in this language. */
                orderBy?: components["schemas"]["Language"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the glossary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["GlossaryEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateGlossaryEntries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    operations: components["schemas"]["GlossaryBatchOperation"][];
                };
            };
        };
        responses: {
            /** @description The glossary has been changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getGlossaryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the glossary entry. */
                glossaryEntryId: components["parameters"]["GlossaryEntryId"];
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The glossary entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlossaryEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The translation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Instructions for the translator. */
                    instructions: components["schemas"]["Document"];
                };
            };
        };
        responses: {
            /** @description The translation has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The translation has been deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    runTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the organization. */
                organizationId: components["parameters"]["OrganizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["TranslationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A run has been triggered. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    completeSAMLSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    RelayState?: string;
                    /** @description The base64-encoded SAML response. */
                    SAMLResponse: string;
                };
            };
        };
        responses: {
            /** @description Signed in; the new API token (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SSOSession"];
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSAMLServiceProviderMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/samlmetadata+xml": string;
                };
            };
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    startSAMLSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the saml-provider. */
                samlProviderId: components["parameters"]["SamlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the identity provider. */
            302: {
                headers: {
                    /** @description The identity provider's sign-in URL with `SAMLRequest`, `SigAlg` and `Signature`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSpaceById: {
        parameters: {
            query?: {
                /** @description Key of a share link; resolves the published URLs of share-link sites. */
                shareKey?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space, with `permissions` computed for the caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    defaultLevel?: components["schemas"]["DefaultLevelInput"];
                    editMode?: components["schemas"]["SpaceEditMode"];
                    emoji?: components["schemas"]["Emoji"] | null;
                    /**
                     * @description `null` removes the space's emoji (GitBook's removal of an icon or emoji). Bindery spaces have no icon
                     *     by URL: a URL is refused with 400 naming `/body/icon`.
                     */
                    icon?: string | null;
                    language?: components["schemas"]["Language"];
                    mergeRules?: components["schemas"]["MergeRulesInput"];
                    title?: string;
                    /**
                     * @description Bindery extension (GitBook sets visibility through sites): who can read the space. `in-collection`
                     *     needs a parent collection; switching to `share-link` makes a new share key.
                     * @enum {string}
                     */
                    visibility?: "public" | "unlisted" | "share-link" | "in-collection" | "private";
                };
            };
        };
        responses: {
            /** @description The updated space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listChangeRequestsForSpace: {
        parameters: {
            query?: {
                /** @description Only return change requests the user with this id contributed to. */
                contributor?: components["parameters"]["ChangeRequestContributor"];
                /** @description Only return change requests created by the user with this id. */
                creator?: components["parameters"]["ChangeRequestCreator"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The order of the list, most recent first. */
                orderBy?: components["parameters"]["ChangeRequestOrderBy"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only return change requests on which this user (id) is a requested reviewer. */
                requestedReviewer?: components["parameters"]["ChangeRequestRequestedReviewer"];
                /** @description Only return change requests with this status. */
                status?: components["parameters"]["ChangeRequestStatusFilter"];
                /** @description Only return change requests linked to this site topic (GitBook's site topics). Bindery has no site topics, so a change request never matches and the list is empty. */
                topic?: components["parameters"]["ChangeRequestTopic"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change requests, most recently updated first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ChangeRequest"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the agent task the change request implements. */
                    agentTaskId?: string;
                    subject?: string;
                    /**
                     * @description GitBook's change request from a template: the built-in template `id` (as `POST …/content/template`
                     *     applies it) appended to the space's content is the change request's first revision, made in the
                     *     same transaction (an unknown id is a 400 naming `/body/template/id`, and no change request is
                     *     made); `params.contentRefs` name files of the space. Needs the role that edits the change request.
                     */
                    template?: {
                        id: string;
                        params?: {
                            contentRefs?: {
                                [key: string]: components["schemas"]["FileContentRef"];
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The new change request. */
            201: {
                headers: {
                    /** @description API URL of the new change request. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getChangeRequestById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateChangeRequestById: {
        parameters: {
            query?: never;
            header?: {
                /** @description `return=minimal` answers 204 with no body (and `Preference-Applied: return=minimal`); `return=representation` (the default) answers the resource. */
                prefer?: components["parameters"]["ReturnPreference"];
            };
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: components["schemas"]["Document"];
                    /** @enum {string} */
                    status?: "draft" | "open" | "archived";
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description The updated change request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            /** @description Updated; no body because the request asked for `prefer: return=minimal`. */
            204: {
                headers: {
                    /** @description `return=minimal` */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getChangeRequestChanges: {
        parameters: {
            query?: {
                /** @description The number of changes to answer (at most 1000); `more` counts the others. */
                limit?: components["parameters"]["ChangesLimit"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionSemanticChanges"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentersInChangeRequest: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The commenters, as members of the organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Member"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentsInChangeRequest: {
        parameters: {
            query?: {
                /** @description Only return comments posted by these users (ids; repeat the parameter for several users). */
                authors?: components["parameters"]["CommentAuthors"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The direction of the ordering. */
                order?: components["parameters"]["Order"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only return comments with this status; `all` returns every comment. */
                status?: components["parameters"]["CommentStatusFilter"];
                /** @description Only return comments posted on the page with this id. */
                targetPage?: components["parameters"]["CommentTargetPage"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comments, ordered by posting date (`order`, newest first by default). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Comment"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCommentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentPostInput"];
            };
        };
        responses: {
            /** @description The new comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCommentInChangeRequest: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCommentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentUpdateInput"];
            };
        };
        responses: {
            /** @description The updated comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCommentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentRepliesInChangeRequest: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replies, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["CommentReply"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCommentReplyInChangeRequest: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyPostInput"];
            };
        };
        responses: {
            /** @description The new reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCommentReplyInChangeRequest: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCommentReplyInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    addedReactions?: components["schemas"]["CommentReactionsInput"];
                    body?: components["schemas"]["CommentBodyInput"];
                    removedReactions?: components["schemas"]["CommentReactionsInput"];
                    /** @description Refused (400): a reply is not resolved on its own; resolve its comment. */
                    resolved?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCommentReplyInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getChangeRequestConflicts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conflicts (none when the change request merges cleanly or is up to date). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestConflicts"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    resolveChangeRequestConflicts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The main revision the resolutions were made against (`main` of `GET .../conflicts`). */
                    main?: string;
                    resolutions: components["schemas"]["ChangeRequestConflictResolution"][];
                };
            };
        };
        responses: {
            /** @description The change request was updated; `revision` is its new revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        result: "update";
                        /** @description Id of the revision of the change request after the update. */
                        revision: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRevisionOfChangeRequestById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current revision of the change request, with its pages and files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateChangeRequestContent: {
        parameters: {
            query?: {
                /** @description `true` (default): the change request. `false`: the change request, the affected pages and the inserted files. */
                compat?: boolean;
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    changes: components["schemas"]["ChangeRequestContentChange"][];
                };
            };
        };
        responses: {
            /** @description The change request after the batch (and with `compat=false` what it changed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"] | components["schemas"]["ChangeRequestContentUpdate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    applyChangeRequestContentEdits: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    edits: components["schemas"]["ContentEdit"][];
                };
            };
        };
        responses: {
            /** @description The edits were applied. `ETag` is the new revision of the change request. */
            200: {
                headers: {
                    /** @description Id of the new revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listFilesInChangeRequestById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files of the current revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["RevisionFile"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getFileInChangeRequestById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listChangeRequestFileBacklinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locations (pages and files) that reference the file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ContentLocation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importContentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentInput"];
            };
        };
        responses: {
            /** @description The content was imported. */
            201: {
                headers: {
                    /** @description API URL of the revision created by the import. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportContentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageInChangeRequestById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listChangeRequestPageBacklinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locations (pages and files) that reference the page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ContentLocation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importContentInChangeRequestPageById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentInput"];
            };
        };
        responses: {
            /** @description The content was imported. */
            201: {
                headers: {
                    /** @description API URL of the revision created by the import. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportContentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPageLinksInChangeRequest: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /**
                 * @description Only return links with this status: `ok` (no problem), `broken` (the target does not exist in the revision),
                 *     `in-app` (a URL pointing to an internal location in the app).
                 */
                status?: components["parameters"]["LinkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links found in the page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentReferenceUsageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listChangeRequestPageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetaLinks"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPagesInChangeRequest: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pages at the top level of the tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pages: components["schemas"]["RevisionPage"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageInChangeRequestByPath: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's permission to serve mutable Git metadata from a cache. Accepted for GitBook's clients; Bindery reads the
                 *     metadata from the database on every request, so the answer is the same with either value.
                 */
                cachedMetadata?: components["parameters"]["CachedMetadata"];
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReusableContentInChangeRequestById: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's switch for computed content. Accepted for GitBook's clients: a reusable content is never computed in
                 *     Bindery (it is the markdown of a `.gitbook/includes` file), so the answer is the same with either value.
                 */
                computed?: components["parameters"]["ReusableContentComputed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getContributorsByChangeRequestId: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contributors. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ChangeRequestUserContributor"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    mergeChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the merge. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        result: "merge" | "conflicts";
                        /** @description Id of the revision resulting from the merge. */
                        revision: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getChangeRequestPdf: {
        parameters: {
            query?: {
                /** @description When `true`, the PDF holds only the page `page`; otherwise it holds the whole content. */
                only?: boolean;
                /** @description Id of the page to generate the PDF for (by default the first page). */
                page?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to download the PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description URL of the generated PDF. */
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRequestedReviewersByChangeRequestId: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested reviewers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ChangeRequestRequestedReviewer"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    requestReviewersForChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: components["schemas"]["Document"];
                    /** @description The change request's new subject. */
                    subject?: string;
                    /** @description Ids of the users to request a review from. */
                    users: string[];
                };
            };
        };
        responses: {
            /** @description The reviewers requested by this call. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["ChangeRequestRequestedReviewer"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeRequestedReviewerFromChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is no longer requested, or was not. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReviewsByChangeRequestId: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description `true`: only reviews of an earlier revision of the change request; `false`: only reviews of its current revision; omitted: all. */
                outdated?: boolean;
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reviews. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ChangeRequestReview"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    submitChangeRequestReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    comment?: components["schemas"]["CommentBodyInput"];
                    /** @enum {string} */
                    status: "approved" | "changes-requested";
                };
            };
        };
        responses: {
            /** @description The new review. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestReview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getChangeRequestReviewById: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the review. */
                reviewId: components["parameters"]["ReviewId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestReview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the change-request or its number in the space. */
                changeRequestId: components["parameters"]["ChangeRequestId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the update. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        result: "update" | "conflicts";
                        /** @description Id of the revision of the change request after the update. */
                        revision: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentersInSpace: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The commenters, as members of the organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Member"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentsInSpace: {
        parameters: {
            query?: {
                /** @description Only return comments posted by these users (ids; repeat the parameter for several users). */
                authors?: components["parameters"]["CommentAuthors"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description The direction of the ordering. */
                order?: components["parameters"]["Order"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only return comments with this status; `all` returns every comment. */
                status?: components["parameters"]["CommentStatusFilter"];
                /** @description Only return comments posted on the page with this id. */
                targetPage?: components["parameters"]["CommentTargetPage"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comments, ordered by posting date (`order`, newest first by default). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Comment"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCommentInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentPostInput"];
            };
        };
        responses: {
            /** @description The new comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCommentInSpace: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCommentInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentUpdateInput"];
            };
        };
        responses: {
            /** @description The updated comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCommentInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listCommentRepliesInSpace: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replies, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["CommentReply"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCommentReplyInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyPostInput"];
            };
        };
        responses: {
            /** @description The new reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCommentReplyInSpace: {
        parameters: {
            query?: {
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateCommentReplyInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyUpdateInput"];
            };
        };
        responses: {
            /** @description The updated reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCommentReplyInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the comment. */
                commentId: components["parameters"]["CommentId"];
                /** @description The unique id of the comment-reply. */
                commentReplyId: components["parameters"]["CommentReplyId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply was deleted, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCurrentRevision: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current revision of the space, with its pages and files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getComputedDocument: {
        parameters: {
            query?: {
                /** @description GitBook's document schema version; Bindery has one (`current` and `next` answer the same document). */
                schema?: "current" | "next";
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Seed of the generated pages' ids (GitBook's `computedSeed`; a computed page's id). */
                    seed: string;
                    source: components["schemas"]["ComputedContentSource"];
                };
            };
        };
        responses: {
            /** @description The computed document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The reference is too large to render within the render budget (`BINDERY_OPENAPI_RENDER_BUDGET_MS`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    getComputedRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Seed of the generated pages' ids (GitBook's `computedSeed`; a computed page's id). */
                    seed: string;
                    source: components["schemas"]["ComputedContentSource"];
                };
            };
        };
        responses: {
            /** @description The computed pages, files and reusable contents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: components["schemas"]["RevisionFile"][];
                        pages: components["schemas"]["RevisionPage"][];
                        reusableContents: components["schemas"]["RevisionReusableContent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The reference is too large to render within the render budget (`BINDERY_OPENAPI_RENDER_BUDGET_MS`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    applySpaceContentEdits: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    edits: components["schemas"]["ContentEdit"][];
                };
            };
        };
        responses: {
            /** @description The edits were applied. `ETag` is the new revision. */
            200: {
                headers: {
                    /** @description Id of the new revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listFiles: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files of the current revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["RevisionFile"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uploadSpaceFile: {
        parameters: {
            query: {
                /** @description Name of the file. */
                name: string;
            };
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The file was added. `ETag` is the new revision. */
            201: {
                headers: {
                    /** @description Id of the new revision, in quotes. */
                    ETag?: string;
                    /** @description API URL of the new file. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getFileById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSpaceFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file is gone. `ETag` is the current revision. */
            204: {
                headers: {
                    /** @description Id of the revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpaceFileBacklinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locations (pages and files) that reference the file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ContentLocation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentInput"];
            };
        };
        responses: {
            /** @description The content was imported. */
            201: {
                headers: {
                    /** @description API URL of the revision created by the import. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportContentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSpacePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page is gone. `ETag` is the current revision. */
            204: {
                headers: {
                    /** @description Id of the revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateSpacePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPageUpdate"];
            };
        };
        responses: {
            /** @description The page (with its markdown). `ETag` is the new revision. */
            200: {
                headers: {
                    /** @description Id of the revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpacePageBacklinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locations (pages) that reference the page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["ContentLocation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importContentInPageById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentInput"];
            };
        };
        responses: {
            /** @description The content was imported. */
            201: {
                headers: {
                    /** @description API URL of the revision created by the import. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportContentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPageLinksInSpace: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /**
                 * @description Only return links with this status: `ok` (no problem), `broken` (the target does not exist in the revision),
                 *     `in-app` (a URL pointing to an internal location in the app).
                 */
                status?: components["parameters"]["LinkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links found in the page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentReferenceUsageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpacePageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetaLinks"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveSpacePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPageMove"];
            };
        };
        responses: {
            /** @description The moved page. `ETag` is the new revision. */
            200: {
                headers: {
                    /** @description Id of the new revision, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPages: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pages at the top level of the tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pages: components["schemas"]["RevisionPage"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createSpacePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optimistic concurrency: the id of the revision the edit is based on (as returned in `ETag` and `revision`).
                 *     The edit is refused with 412 when the content has moved on to another revision since. Without it, concurrent
                 *     edits are applied one after the other.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPageCreate"];
            };
        };
        responses: {
            /** @description The page was created (with its markdown). `ETag` is the new revision. */
            201: {
                headers: {
                    /** @description Id of the new revision, in quotes. */
                    ETag?: string;
                    /** @description API URL of the new page. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageByPath: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's permission to serve mutable Git metadata from a cache. Accepted for GitBook's clients; Bindery reads the
                 *     metadata from the database on every request, so the answer is the same with either value.
                 */
                cachedMetadata?: components["parameters"]["CachedMetadata"];
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReusableContentById: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's switch for computed content. Accepted for GitBook's clients: a reusable content is never computed in
                 *     Bindery (it is the markdown of a `.gitbook/includes` file), so the answer is the same with either value.
                 */
                computed?: components["parameters"]["ReusableContentComputed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    applyTemplateToSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The change request (id or number) to apply the template to; the space's content when omitted. */
                    changeRequestId?: string;
                    /** @description Id of the template. */
                    id: string;
                    params?: {
                        /** @description Content references by name, used by the template. */
                        contentRefs?: {
                            [key: string]: components["schemas"]["FileContentRef"];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The template was applied. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getDocumentById: {
        parameters: {
            query?: {
                /** @description GitBook's document schema version; Bindery has one (`current` and `next` answer the same document). */
                schema?: "current" | "next";
            };
            header?: never;
            path: {
                /** @description The `documentId` of a document page, as a content read answers it. */
                documentId: string;
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    duplicateSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The copy of the space. */
            201: {
                headers: {
                    /** @description API URL of the new space. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getEmbedByUrlInSpace: {
        parameters: {
            query: {
                /** @description URL to resolve. */
                url: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The embed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Embed"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    exportToGitRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Message of the commit. */
                    commitMessage: string;
                    /** @description When `true`, the operation proceeds even if it would overwrite more recent changes. */
                    force?: boolean;
                    gitInfo?: components["schemas"]["GitSyncInfoInput"];
                    /** @description The Git ref to synchronise with, as `refs/heads/<branch>`. */
                    ref: string;
                    /** @description Identifier of a cache of the repository to reuse. */
                    repoCacheID?: string;
                    /** @description Prefix of the URLs of commits of the repository. */
                    repoCommitURL?: string;
                    /** @description Root directory of the project in the repository. */
                    repoProjectDirectory?: string;
                    /** @description Prefix of the URLs of external references to files of the repository. */
                    repoTreeURL?: string;
                    /** @description GitBook's flag of standalone imports; an export cannot be standalone (`true` answers 400). */
                    standalone?: boolean;
                    /**
                     * Format: date-time
                     * @description When the operation was requested; orders import and export operations.
                     */
                    timestamp?: string;
                    /** @description URL of the repository; it may contain basic-auth credentials. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The export has started. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importGitRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description When `true`, the operation proceeds even if it would overwrite more recent changes. */
                    force?: boolean;
                    gitInfo?: components["schemas"]["GitSyncInfoInput"];
                    /**
                     * @description The Git ref to import, as `refs/heads/<branch>`; standalone imports may also name other refs, such as a
                     *     pull request's `refs/pull/<n>/head`.
                     */
                    ref: string;
                    /** @description Identifier of a cache of the repository to reuse. */
                    repoCacheID?: string;
                    /** @description Prefix of the URLs of commits of the repository. */
                    repoCommitURL?: string;
                    /** @description Root directory of the project in the repository. */
                    repoProjectDirectory?: string;
                    /** @description Prefix of the URLs of external references to files of the repository. */
                    repoTreeURL?: string;
                    /** @description When `true`, generates a revision without updating the primary content of the space. */
                    standalone?: boolean;
                    /**
                     * Format: date-time
                     * @description When the operation was requested; orders import and export operations.
                     */
                    timestamp?: string;
                    /** @description URL of the repository; it may contain basic-auth credentials. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The import has started. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSpaceGitInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Git Sync state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitSyncState"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteLegacyGitInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The legacy installation was removed, or did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSpaceGitWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitWebhook"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    receiveSpaceGitWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-GitHub-Event"?: string;
                "X-Gitlab-Event"?: string;
                "X-Gitlab-Token"?: string;
                "X-Hub-Signature-256"?: string;
            };
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description A ping. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitWebhookResult"];
                };
            };
            /** @description The event was accepted (`queued`, `pending`) or ignored (`ignored`, with the reason). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitWebhookResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The signature (GitHub) or token (GitLab) is missing or does not match the space's webhook secret. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    rotateSpaceGitWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitWebhook"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpaceIntegrationsBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integrations' blocks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocks: components["schemas"]["IntegrationBlock"][];
                        /** @description The integration's name. */
                        name: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpaceIntegrations: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the integrations whose name contains this text (case-insensitive). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integrations, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["Integration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listSpaceLinks: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /**
                 * @description Only return links with this status: `ok` (no problem), `broken` (the target does not exist in the revision),
                 *     `in-app` (a URL pointing to an internal location in the app).
                 */
                status?: components["parameters"]["LinkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentReferenceUsageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    moveSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the target collection, or `null` for the top level of the organization. */
                    parent?: string | null;
                    /** @description Where to put the space among its siblings; give one of `before` and `after`. */
                    position?: {
                        after?: components["schemas"]["SpaceMovePointer"];
                        before?: components["schemas"]["SpaceMovePointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The moved space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSpacePDF: {
        parameters: {
            query?: {
                /** @description When `true`, the PDF holds only the page `page`; otherwise it holds the whole content. */
                only?: boolean;
                /** @description Id of a page of the space (404 when the space has no such page); with `only`, the PDF holds that page alone. */
                page?: string;
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to download the PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description URL of the PDF, valid for one hour. */
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    inviteToSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteToContent"];
            };
        };
        responses: {
            /** @description The role was granted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPermissionsAggregateInSpace: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description Only the users whose role on the space is this one. */
                role?: components["schemas"]["MemberRole"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTeamPermissionsInSpace: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["TeamContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeTeamFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team has no grant on the space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateTeamPermissionInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the team. */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listUserPermissionsInSpace: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users and their granted role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["UserContentPermission"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeUserFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user has no grant on the space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateUserPermissionInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentPermissionUpdate"];
            };
        };
        responses: {
            /** @description The role was granted (or the grant removed). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    restoreSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision, with its pages and files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRevisionSemanticChanges: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description The number of changes to answer (at most 1000); `more` counts the others. */
                limit?: components["parameters"]["ChangesLimit"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionSemanticChanges"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listFilesInRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files of the revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["RevisionFile"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getFileInRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadRevisionFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the file. */
                fileId: components["parameters"]["FileId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes of the file. */
            200: {
                headers: {
                    /** @description SHA-256 of the bytes, in quotes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageInRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageDocumentInRevisionById: {
        parameters: {
            query?: {
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
            };
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listRevisionPageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the page. */
                pageId: components["parameters"]["PageId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetaLinks"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPagesInRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pages at the top level of the revision's tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pages: components["schemas"]["RevisionPage"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPageInRevisionByPath: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's permission to serve mutable Git metadata from a cache. Accepted for GitBook's clients; Bindery reads the
                 *     metadata from the database on every request, so the answer is the same with either value.
                 */
                cachedMetadata?: components["parameters"]["CachedMetadata"];
                /**
                 * @description When `true` (default), computed pages (`type: computed`, e.g. an API reference from an OpenAPI specification)
                 *     are expanded into the pages they generate, and the revision is the `computed` revision of the one stored
                 *     (`sourceRevision`). When `false`, the content as stored: computed pages as their definition.
                 */
                computed?: components["parameters"]["Computed"];
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
                /** @description Output format of the content - `document` (the JSON rich document) or `markdown`. */
                format?: components["parameters"]["Format"];
                /** @description GitBook's choice of how links to other pages are written in `format=markdown` (`relative` paths or `stable` ids). Accepted with both values; Bindery writes the links of a page's markdown as they are stored (its normal form: links to pages by `/pages/<id>`, to files by `/files/<id>`). */
                "format.markdown.refs"?: components["parameters"]["MarkdownRefs"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /**
                 * @description Path of the page in the space: the slugs of its ancestors and its own, joined with `/` (e.g.
                 *     `getting-started/install`). The slashes need not be encoded; a leading slash is ignored.
                 */
                pagePath: components["parameters"]["PagePath"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReusableContentInRevisionById: {
        parameters: {
            query?: {
                /**
                 * @description GitBook's switch for computed content. Accepted for GitBook's clients: a reusable content is never computed in
                 *     Bindery (it is the markdown of a `.gitbook/includes` file), so the answer is the same with either value.
                 */
                computed?: components["parameters"]["ReusableContentComputed"];
                /** @description When `false`, mutable metadata (such as Git metadata) is omitted from the response. */
                metadata?: components["parameters"]["Metadata"];
            };
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReusableContentDocumentInRevisionById: {
        parameters: {
            query?: {
                /** @description GitBook's replacement of references (reusable contents) by their content. Accepted; Bindery has no reusable contents, so there is nothing to replace. */
                dereferenced?: components["parameters"]["Dereferenced"];
                /**
                 * @description When `true`, the document of the page is evaluated: its OpenAPI blocks (`openapi-operation`, `openapi-webhook`,
                 *     `openapi-schemas`, `openapi`) show the operations and schemas of the organization's specification they name, and
                 *     a page generated from a computed page shows its rendered API reference. When `false`, the blocks as stored.
                 *     GitBook's `deterministic-only` (evaluate only what does not depend on the visitor) is `true` here: every evaluation
                 *     Bindery makes is deterministic.
                 */
                evaluated?: components["parameters"]["Evaluated"];
            };
            header?: never;
            path: {
                /** @description The unique id of the reusable content (see `reusableContents` of the revision). */
                reusableContentId: components["parameters"]["ReusableContentId"];
                /** @description The unique id of the revision. */
                revisionId: components["parameters"]["RevisionId"];
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    searchSpaceContent: {
        parameters: {
            query: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
                /** @description The text to search for. */
                query: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching pages, with their matching sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["SearchPageResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    transferSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the space. */
                spaceId: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Id of the target organization. */
                    organization: string;
                };
            };
        };
        responses: {
            /** @description The transferred space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadStorageFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key of a stored file (the `key` answered by `generateStorageUploadURL`). */
                storageKey: components["parameters"]["StorageKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "font/woff": string;
                    "font/woff2": string;
                };
            };
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uploadStorageFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The secret of an upload URL answered by `generateStorageUploadURL`. */
                uploadToken: components["parameters"]["UploadToken"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The file is stored. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The upload URL has expired; ask for a new one. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSubdomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subdomain (an organization's `hostname`). */
                subdomain: components["parameters"]["Subdomain"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subdomain. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "subdomain",
                     *       "subdomain": "acme",
                     *       "target": {
                     *         "type": "organization",
                     *         "organization": "01JDX0AB8Z7Q4C6W3N2M5K9P1R"
                     *       },
                     *       "isActive": true
                     *     }
                     */
                    "application/json": components["schemas"]["Subdomain"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getContentByUrl: {
        parameters: {
            query: {
                /** @description URL to resolve. */
                url: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content the URL shows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentByUrl"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getEmbedByUrl: {
        parameters: {
            query: {
                /** @description URL to resolve. */
                url: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The embed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Embed"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPublishedContentByUrl: {
        parameters: {
            query: {
                /** @description Without a valid visitor token, answer where the site's fallback URL sends the visitor instead of 401. */
                redirectOnError?: boolean;
                /** @description URL to resolve. */
                url: string;
                /** @description Visitor token (an HS256 JWT signed with the site's visitor key) of a visitor-auth site. */
                visitorAuthToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the URL shows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedSiteContentLookup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    resolvePublishedContentByUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    redirectOnError?: boolean;
                    /** Format: uri */
                    url: string;
                    visitor?: {
                        jwtToken?: string;
                        /** @enum {string} */
                        type?: "human" | "agent";
                        unsignedClaims?: Record<string, never>;
                    };
                };
            };
        };
        responses: {
            /** @description What the URL shows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedSiteContentLookup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthenticatedUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user the token belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listAPITokensForAuthenticatedUser: {
        parameters: {
            query?: {
                /** @description The number of results per page (at most 1000). */
                limit?: components["parameters"]["Limit"];
                /** @description Identifier of the page of results to fetch (the `next.page` of the previous response). Opaque; it carries the sort key of the previous page's last item, which for some lists is user text (a link target's key is up to 2,048 characters), so a cursor may be several kilobytes long. */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's tokens, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"] & {
                        items: components["schemas"]["APIToken"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    revokeAPIToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the token. */
                tokenId: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token is revoked (or did not exist). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName: string;
                    /** Format: email */
                    email: string;
                    /** Format: uri */
                    photoURL?: string;
                };
            };
        };
        responses: {
            /** @description The user was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUserById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateUserById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Full name of the user. */
                    displayName?: string;
                    /** Format: uri */
                    photoURL?: string | null;
                };
            };
        };
        responses: {
            /** @description The user, updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createAPIToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The unique id of the user. */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                };
            };
        };
        responses: {
            /** @description The token was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAPIToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
}
