/* SPDX-License-Identifier: BSD-3-Clause
 * A shared library that is not an xhpcg plugin (no hpcg_backend_entry): loading it must fail
 * with a clear message. */
int not_a_plugin_answer(void) { return 42; }
