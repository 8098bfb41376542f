/* cmd.h — one entry point per command; the table that dispatches them is in src/main.c.
 * A command gets argv without the program name: argv[0] is the command's own name.
 * It returns the process exit status (0 ok, 1 error in input or measurement, 2 usage). */
#ifndef CMD_H
#define CMD_H

int cmd_decode(int argc, char **argv);
int cmd_mca(int argc, char **argv);
int cmd_clock(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_pmu(int argc, char **argv);

#endif
