package dev.enclave.app.domain.apikey;

/** How many API keys one organisation may hold (a platform setting). */
public interface ApiKeyQuota {

    int getMaximumApiKeys();
}
