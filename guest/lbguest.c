// SPDX-License-Identifier: GPL-2.0
/*
 * lbguest: the guest-side helper of the lb-rework lab.
 *
 *   lbguest info   print every CPU's capacity and sched domains
 *   lbguest hang   never return (used to test the host's guest timeout)
 *   lbguest sh     a minimal interactive shell for "make shell"
 *
 * "info" prints lines the host checks against the topology file:
 *
 *   @cap CPU CAPACITY
 *   @dom CPU LEVEL NAME SPAN FLAGS...
 *
 * SPAN is a CPU list ("0-3"); domains come from /proc/schedstat (spans)
 * and /sys/kernel/debug/sched/domains (names and flags, which need the
 * sched_verbose boot parameter).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CPUS 256

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* Convert a schedstat mask ("ff" or "00000000,000000ff") to a CPU list. */
static void mask_to_list(const char *mask, char *out, size_t len)
{
	unsigned char bits[MAX_CPUS] = { 0 };
	int nbits = 0, i, start, n = 0;
	const char *p;

	for (p = mask + strlen(mask) - 1; p >= mask && nbits < MAX_CPUS; p--) {
		int v;

		if (*p == ',')
			continue;
		v = *p >= 'a' ? *p - 'a' + 10 : *p >= 'A' ? *p - 'A' + 10 : *p - '0';
		for (i = 0; i < 4 && nbits < MAX_CPUS; i++)
			bits[nbits++] = (v >> i) & 1;
	}
	out[0] = 0;
	for (i = 0; i < nbits; i++) {
		if (!bits[i])
			continue;
		start = i;
		while (i + 1 < nbits && bits[i + 1])
			i++;
		if (start == i)
			n += snprintf(out + n, len - n, "%s%d", n ? "," : "", i);
		else
			n += snprintf(out + n, len - n, "%s%d-%d", n ? "," : "",
				      start, i);
	}
}

/*
 * The level and span mask of a "domainN" line of /proc/schedstat: version
 * 16 (6.12) writes "domainN MASK ...", version 17 (7.3) "domainN NAME
 * MASK ...". A mask is hex digits and commas; a name never is.
 */
static int domain_mask(const char *line, int *level, char *mask, size_t len)
{
	char a[128], b[128];

	if (sscanf(line, "domain%d %127s %127s", level, a, b) != 3)
		return -1;
	snprintf(mask, len, "%s", strspn(a, "0123456789abcdef,") == strlen(a) ?
		 a : b);
	return 0;
}

static int info(void)
{
	char path[256], buf[1024], name[64], flags[512], span[256], mask[128];
	int cpu = -1, level = 0, ncpus = 0;
	FILE *f;

	/*
	 * Only architectures that scale capacities (arm64's device tree)
	 * have cpu_capacity; every CPU of the others has the full 1024.
	 */
	for (int c = 0; c < MAX_CPUS; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		if (read_line(path, buf, sizeof(buf))) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d", c);
			if (access(path, F_OK))
				break;
			strcpy(buf, "1024");
		}
		printf("@cap %d %s\n", c, buf);
		ncpus++;
	}
	f = fopen("/proc/schedstat", "r");
	if (!f) {
		perror("/proc/schedstat");
		return 1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		if (sscanf(buf, "cpu%d", &cpu) == 1) {
			level = 0;
			continue;
		}
		if (domain_mask(buf, &level, mask, sizeof(mask)))
			continue;
		mask_to_list(mask, span, sizeof(span));
		snprintf(path, sizeof(path),
			 "/sys/kernel/debug/sched/domains/cpu%d/domain%d/name",
			 cpu, level);
		if (read_line(path, name, sizeof(name)))
			strcpy(name, "?");
		snprintf(path, sizeof(path),
			 "/sys/kernel/debug/sched/domains/cpu%d/domain%d/flags",
			 cpu, level);
		if (read_line(path, flags, sizeof(flags)))
			strcpy(flags, "?");
		printf("@dom %d %d %s %s %s\n", cpu, level, name, span, flags);
	}
	fclose(f);
	return ncpus ? 0 : 1;
}

/* ---- A minimal shell for "make shell" -------------------------------- */

static void sh_cat(char **argv)
{
	char buf[4096];
	size_t n;

	for (; *argv; argv++) {
		FILE *f = fopen(*argv, "r");

		if (!f) {
			printf("cat: %s: %s\n", *argv, strerror(errno));
			continue;
		}
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, n, stdout);
		fclose(f);
	}
}

static void sh_ls(const char *dir)
{
	DIR *d = opendir(dir ? dir : ".");
	struct dirent *e;

	if (!d) {
		printf("ls: %s: %s\n", dir, strerror(errno));
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			printf("%s%s\n", e->d_name, e->d_type == DT_DIR ? "/" : "");
	closedir(d);
}

/* echo WORDS [> FILE]: writes go to sysfs/debugfs knobs, so report errors. */
static void sh_echo(char **argv)
{
	char line[1024] = "";
	FILE *out = stdout;
	int i;

	for (i = 0; argv[i]; i++) {
		if (!strcmp(argv[i], ">") && argv[i + 1]) {
			out = fopen(argv[i + 1], "w");
			if (!out) {
				printf("echo: %s: %s\n", argv[i + 1], strerror(errno));
				return;
			}
			break;
		}
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 "%s%s", i ? " " : "", argv[i]);
	}
	fprintf(out, "%s\n", line);
	if (out != stdout && fclose(out))
		printf("echo: write: %s\n", strerror(errno));
}

static void sh_exec(char **argv)
{
	char path[256];
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "%s%s", strchr(argv[0], '/') ? "" : "/bin/",
		 argv[0]);
	pid = fork();
	if (pid == 0) {
		execv(path, argv);
		printf("%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
}

static int shell(void)
{
	char line[1024], *argv[64], *save;
	int argc;

	printf("lb-rework guest shell: cat, ls, cd, echo [> file], poweroff;\n"
	       "other words run /bin/WORD (try: lbguest info)\n");
	for (;;) {
		printf("# ");
		fflush(stdout);
		if (!fgets(line, sizeof(line), stdin))
			return 0;
		argc = 0;
		for (char *t = strtok_r(line, " \t\n", &save); t && argc < 63;
		     t = strtok_r(NULL, " \t\n", &save))
			argv[argc++] = t;
		argv[argc] = NULL;
		if (!argc)
			continue;
		if (!strcmp(argv[0], "poweroff") || !strcmp(argv[0], "exit"))
			return 0;
		if (!strcmp(argv[0], "cat"))
			sh_cat(argv + 1);
		else if (!strcmp(argv[0], "ls"))
			sh_ls(argv[1]);
		else if (!strcmp(argv[0], "cd")) {
			if (chdir(argc > 1 ? argv[1] : "/"))
				printf("cd: %s\n", strerror(errno));
		} else if (!strcmp(argv[0], "echo"))
			sh_echo(argv + 1);
		else
			sh_exec(argv);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "info"))
		return info();
	if (argc > 1 && !strcmp(argv[1], "hang")) {
		for (;;)
			pause();
	}
	if (argc > 1 && !strcmp(argv[1], "sh"))
		return shell();
	fprintf(stderr, "usage: lbguest info|hang|sh\n");
	return 2;
}
