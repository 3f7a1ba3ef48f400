// SPDX-License-Identifier: BSD-3-Clause
// Messages echo what users and files gave (an hpcg.dat line, a flag, a path, a graph file's
// line): shown as they are, a crafted value could clear the terminal or paint a verdict of its
// own. So what reaches the console passes through terminal_safe first.
#pragma once

#include <string>

namespace hpcg {

/// `text` with control characters (ESC, CR, BEL, ..., DEL and UTF-8's C1 controls) shown as
/// \xNN; newlines and tabs pass.
std::string terminal_safe(const std::string& text);

}  // namespace hpcg
