package coreutils

import "testing"

func TestCal(t *testing.T) {
	t.Parallel()
	feb := "   February 2026      \nSu Mo Tu We Th Fr Sa  \n 1  2  3  4  5  6  7  \n 8  9 10 11 12 13 14  \n15 16 17 18 19 20 21  \n22 23 24 25 26 27 28  \n                      \n                      \n"
	usage := "Usage: cal [general options] [-jy] [[month] year]\n       cal [general options] [-j] [-m month] [year]\n       ncal -C [general options] [-jy] [[month] year]\n       ncal -C [general options] [-j] [-m month] [year]\n       ncal [general options] [-bhJjpwySM] [-H yyyy-mm-dd] [-s country_code] [-W number of days] [[month] year]\n       ncal [general options] [-Jeo] [year]\nGeneral options: [-31] [-A months] [-B months] [-d yyyy-mm]\n"
	runCasesFresh(t, nil, []cmdCase{
		{Args: []string{"cal", "2", "2026"}, Out: feb},
		{Args: []string{"cal", "-m", "feb", "2026"}, Out: feb},
		{Args: []string{"cal", "-1", "February", "2026"}, Out: feb},
		{Args: []string{"cal", "9", "1752"}, Out: "   September 1752     \nSu Mo Tu We Th Fr Sa  \n       1  2 14 15 16  \n17 18 19 20 21 22 23  \n24 25 26 27 28 29 30  \n                      \n                      \n                      \n"},
		{Args: []string{"cal", "-3", "1", "2026"}, Out: "   December 2025          January 2026         February 2026      \n" +
			"Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  \n" +
			"    1  2  3  4  5  6               1  2  3   1  2  3  4  5  6  7  \n" +
			" 7  8  9 10 11 12 13   4  5  6  7  8  9 10   8  9 10 11 12 13 14  \n" +
			"14 15 16 17 18 19 20  11 12 13 14 15 16 17  15 16 17 18 19 20 21  \n" +
			"21 22 23 24 25 26 27  18 19 20 21 22 23 24  22 23 24 25 26 27 28  \n" +
			"28 29 30 31           25 26 27 28 29 30 31                        \n" +
			"                                                                  \n"},
		{Args: []string{"cal", "-j", "2", "2024"}, Out: "       February 2024         \n Su  Mo  Tu  We  Th  Fr  Sa  \n                 32  33  34  \n 35  36  37  38  39  40  41  \n 42  43  44  45  46  47  48  \n 49  50  51  52  53  54  55  \n 56  57  58  59  60          \n                             \n"},
		{Args: []string{"cal", "2", "1900"}, Out: "   February 1900      \nSu Mo Tu We Th Fr Sa  \n             1  2  3  \n 4  5  6  7  8  9 10  \n11 12 13 14 15 16 17  \n18 19 20 21 22 23 24  \n25 26 27 28           \n                      \n"},
		{Args: []string{"cal", "13", "2026"}, Err: "cal: 13 is neither a month number (1..12) nor a name\n", Status: 64},
		{Args: []string{"cal", "x"}, Err: "cal: not a valid year x\n", Status: 64},
		{Args: []string{"cal", "1", "10000"}, Err: "cal: year `10000' not in range 1..9999\n", Status: 64},
		{Args: []string{"cal", "1", "2", "3"}, Err: usage, Status: 64},
		{Args: []string{"cal", "-z"}, Err: "cal: invalid option -- 'z'\n" + usage, Status: 64},
		differs("the session's clock is logical: this month is January 2026",
			cmdCase{Args: []string{"cal"}, Out: "    January 2026      \nSu Mo Tu We Th Fr Sa  \n             1  2  3  \n 4  5  6  7  8  9 10  \n11 12 13 14 15 16 17  \n18 19 20 21 22 23 24  \n25 26 27 28 29 30 31  \n                      \n"}),
	})
	runCasesFresh(t, nil, []cmdCase{{Args: []string{"cal", "-y", "2026"}, Out: calYear2026}, {Args: []string{"cal", "2026"}, Out: calYear2026}})
}

const calYear2026 = `                            2026
      January               February               March          
Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  
             1  2  3   1  2  3  4  5  6  7   1  2  3  4  5  6  7  
 4  5  6  7  8  9 10   8  9 10 11 12 13 14   8  9 10 11 12 13 14  
11 12 13 14 15 16 17  15 16 17 18 19 20 21  15 16 17 18 19 20 21  
18 19 20 21 22 23 24  22 23 24 25 26 27 28  22 23 24 25 26 27 28  
25 26 27 28 29 30 31                        29 30 31              
                                                                  

       April                  May                   June          
Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  
          1  2  3  4                  1  2      1  2  3  4  5  6  
 5  6  7  8  9 10 11   3  4  5  6  7  8  9   7  8  9 10 11 12 13  
12 13 14 15 16 17 18  10 11 12 13 14 15 16  14 15 16 17 18 19 20  
19 20 21 22 23 24 25  17 18 19 20 21 22 23  21 22 23 24 25 26 27  
26 27 28 29 30        24 25 26 27 28 29 30  28 29 30              
                      31                                          

        July                 August              September        
Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  
          1  2  3  4                     1         1  2  3  4  5  
 5  6  7  8  9 10 11   2  3  4  5  6  7  8   6  7  8  9 10 11 12  
12 13 14 15 16 17 18   9 10 11 12 13 14 15  13 14 15 16 17 18 19  
19 20 21 22 23 24 25  16 17 18 19 20 21 22  20 21 22 23 24 25 26  
26 27 28 29 30 31     23 24 25 26 27 28 29  27 28 29 30           
                      30 31                                       

      October               November              December        
Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  
             1  2  3   1  2  3  4  5  6  7         1  2  3  4  5  
 4  5  6  7  8  9 10   8  9 10 11 12 13 14   6  7  8  9 10 11 12  
11 12 13 14 15 16 17  15 16 17 18 19 20 21  13 14 15 16 17 18 19  
18 19 20 21 22 23 24  22 23 24 25 26 27 28  20 21 22 23 24 25 26  
25 26 27 28 29 30 31  29 30                 27 28 29 30 31        
                                                                  
`
