package dev.enclave.sandbox.sts;

/** Escaping for the few XML documents the local STS writes. */
final class Xml {

    private Xml() {
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&apos;");
    }

    /** {@code <name>escaped text</name>}. */
    static String element(String name, String text) {
        return "<" + name + ">" + escape(text) + "</" + name + ">";
    }
}
