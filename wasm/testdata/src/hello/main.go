// Command hello is the benchmark's Go hello world.
package main

import "fmt"

func main() {
	fmt.Println("hello, world")
}
