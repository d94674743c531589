/** The {@code cloth} command line: headless scene runs and benchmarks. */
package org.isocloth.cli;
