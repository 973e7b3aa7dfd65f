/*
 * machine_identity.c — the machine and the harness binary (machine_identity.h).
 */
#include "sct/bundle/machine_identity.h"

#include <elf.h>
#include <link.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

#include "sct/io/file_hash.h"

/* The value of the first "<key><blanks>: value" line of /proc/cpuinfo. */
static bool cpuinfo_value(const char *key, char *out, size_t cap)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return false;
    char *line = NULL;
    size_t n = 0;
    bool found = false;
    size_t klen = strlen(key);
    while (!found && getline(&line, &n, f) > 0) {
        if (strncmp(line, key, klen) != 0 || (line[klen] != ' ' && line[klen] != '\t' &&
                                               line[klen] != ':'))
            continue;
        char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        char *v = colon + 1;
        while (*v == ' ')
            v++;
        v[strcspn(v, "\n")] = '\0';
        snprintf(out, cap, "%s", v);
        found = true;
    }
    free(line);
    fclose(f);
    return found;
}

static void os_name(char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen("/etc/os-release", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "PRETTY_NAME=", 12) == 0) {
            char *v = line + 12;
            v[strcspn(v, "\n")] = '\0';
            size_t n = strlen(v);
            if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
                v[n - 1] = '\0';
                v++;
            }
            snprintf(out, cap, "%s", v);
            break;
        }
    fclose(f);
}

cJSON *sct_machine_identity(void)
{
    cJSON *m = cJSON_CreateObject();
    if (m == NULL)
        return NULL;
    char buf[8192];
    /* x86 names the model "model name"; Arm kernels give no model name,
     * only the implementer/part numbers under "CPU part". */
    if (!cpuinfo_value("model name", buf, sizeof buf) &&
        !cpuinfo_value("CPU part", buf, sizeof buf))
        snprintf(buf, sizeof buf, "unknown");
    cJSON_AddStringToObject(m, "cpu_model", buf);
    cJSON *flags = cJSON_AddArrayToObject(m, "isa_flags");
    if ((cpuinfo_value("flags", buf, sizeof buf) || cpuinfo_value("Features", buf, sizeof buf)) &&
        flags != NULL) {
        char *save = NULL;
        for (char *t = strtok_r(buf, " \t", &save); t != NULL; t = strtok_r(NULL, " \t", &save))
            cJSON_AddItemToArray(flags, cJSON_CreateString(t));
    }
    os_name(buf, sizeof buf);
    cJSON_AddStringToObject(m, "os", buf);
    struct utsname u;
    if (uname(&u) == 0) {
        snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.version);
        cJSON_AddStringToObject(m, "kernel", buf);
        cJSON_AddStringToObject(m, "arch", u.machine);
    } else {
        cJSON_AddStringToObject(m, "kernel", "unknown");
        cJSON_AddStringToObject(m, "arch", "unknown");
    }
#if defined(__GLIBC__)
    snprintf(buf, sizeof buf, "glibc %s (%s)", gnu_get_libc_version(), gnu_get_libc_release());
#else
    snprintf(buf, sizeof buf, "unknown");
#endif
    cJSON_AddStringToObject(m, "libc", buf);
    return m;
}

/* The NT_GNU_BUILD_ID note of the main program (the first object
 * dl_iterate_phdr reports), as hex. */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    char *hex = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        const unsigned char *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)(const void *)p;
            const unsigned char *name = p + sizeof *nh;
            const unsigned char *desc = name + ((nh->n_namesz + 3u) & ~3u);
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
                memcmp(name, "GNU", 4) == 0 && desc + nh->n_descsz <= end &&
                nh->n_descsz <= 64) {
                for (unsigned k = 0; k < nh->n_descsz; k++)
                    snprintf(hex + 2 * k, 3, "%02x", desc[k]);
                return 1;
            }
            p = desc + ((nh->n_descsz + 3u) & ~3u);
        }
    }
    return 1; /* only the main program: stop after the first object */
}

cJSON *sct_harness_binary_identity(void)
{
    cJSON *h = cJSON_CreateObject();
    if (h == NULL)
        return NULL;
    char build_id[129] = "";
    dl_iterate_phdr(find_build_id, build_id);
    cJSON_AddStringToObject(h, "build_id", build_id);
    char exe[4096];
    char *real = realpath("/proc/self/exe", NULL);
    snprintf(exe, sizeof exe, "%s", real != NULL ? real : "unknown");
    free(real);
    cJSON_AddStringToObject(h, "executable", exe);
    char hex[SCT_SHA256_HEX_CHARS + 1], err[256];
    if (sct_sha256_file("/proc/self/exe", exe, hex, err, sizeof err) != 0)
        snprintf(hex, sizeof hex, "unknown");
    cJSON_AddStringToObject(h, "executable_sha256", hex);
    return h;
}
