// abi_user.cpp — the same adapter skeleton in C++: the header must compile
// as C++ (-std=c++11 / c++17, -pedantic-errors -Werror) and give the entry
// symbol C linkage (checked on the object file by check_symbol.cmake).
#include <cstring>

#include "sonnx_cts/plugin.h"
#include "abi_layout_v1.h"

namespace {
sonnx_status q(const sonnx_op *, const int32_t *, size_t, char *msg, size_t cap)
{
    if (cap)
        msg[0] = '\0';
    return SONNX_STATUS_UNSUPPORTED;
}

sonnx_status r(const sonnx_op *, const sonnx_tensor *, size_t, sonnx_tensor *,
               size_t, char *msg, size_t cap)
{
    if (cap)
        std::strncpy(msg, "not implemented", cap - 1);
    return SONNX_STATUS_ERROR;
}
} // namespace

SONNX_PLUGIN_DEFINE_ENTRY = {
    SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR, sizeof(sonnx_plugin_entry), 0,
    "abi test", "abi test", "0", nullptr, nullptr, q, r};
