package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import java.util.Optional;

/** What the organisation's store contributes to the transactions that bring an organisation into being. */
public final class OrganisationWrites {

    private OrganisationWrites() {
    }

    /** The new organisation's item, put only where none is (founding it, or onboarding its tenant). */
    public static Write.Put created(Organisation organisation) {
        return new Write.Put(OrganisationItems.SCHEMA.toItem(organisation), Optional.of(Expr.absent()));
    }
}
